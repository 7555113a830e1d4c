/**
 * Which component renders each built screen of the registry. Screens are loaded lazily so each
 * route group only downloads what it shows (see bench/bundle.ts).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Stack } from '@mantine/core';

import type { ScreenProps } from '../ui/page/types';
import type { ScreenId } from './registry';

export type { ScreenProps };

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

// Each screen is imported from its own module, not from its feature's index: a screen then loads
// its own code only, not every screen of its feature (issue 15's budgets, bench/bundle).
const auth = () => import('../features/auth/LoginPage');
const registryPages = () => import('./pages/RegistryPages');
const masterdata = () => import('../features/masterdata');

/**
 * Exactly the built entries of the registry (`ScreenId`: the ids without `pending`): a built
 * entry without a screen, or a screen for a pending or unknown id, does not compile.
 */
const SCREEN_TABLE = {
  test: lazy(() => registryPages().then((m) => ({ default: m.DevIndexPage }))),
  testTwo: lazy(() => import('../features/devtools/DevEnvironmentPage').then((m) => ({ default: m.DevEnvironmentPage }))),
  testThree: lazy(() => import('../features/devtools/DevFormatsPage').then((m) => ({ default: m.DevFormatsPage }))),
  testEntrega: lazy(() => import('../features/devtools/DeliveryLabPage').then((m) => ({ default: m.DeliveryLabPage }))),
  testDeliveryOrderSynlab: lazy(() => import('../features/devtools/SynlabOrdersPage').then((m) => ({ default: m.SynlabOrdersPage }))),
  blankDelivery: lazy(() => import('../features/delivery/DistributionPage').then((m) => ({ default: m.DistributionPage }))),
  testDataroutes: lazy(() => registryPages().then((m) => ({ default: m.DevRoutesPage }))),
  login: lazy(() => auth().then((m) => ({ default: m.LoginPage }))),
  reset: lazy(() => import('../features/auth/ResetRequestPage').then((m) => ({ default: m.ResetRequestPage }))),
  resetForm: lazy(() => import('../features/auth/ResetFormPage').then((m) => ({ default: m.ResetFormPage }))),
  profileUser: lazy(() => import('../features/users/ProfilePage').then((m) => ({ default: m.ProfilePage }))),
  userModel: lazy(() => import('../features/users/UserModelPage').then((m) => ({ default: m.UserModelPage }))),
  crudUser: lazy(() => import('../features/users/UsersListPage').then((m) => ({ default: m.UsersListPage }))),
  createUser: lazy(() => import('../features/users/UserCreatePage').then((m) => ({ default: m.UserCreatePage }))),
  userEdit: lazy(() => import('../features/users/UserEditPage').then((m) => ({ default: m.UserEditPage }))),
  // Clients have no path in the specification: a section of /config (docs/decisions.md). The
  // route layer is where the two features meet.
  config: lazy(() =>
    Promise.all([import('../features/config/ConfigPage'), masterdata()]).then(([c, m]) => ({
      default: function ConfigWithClients() {
        return (
          <Stack gap="lg">
            <c.ConfigPage />
            <m.ClientsSection />
          </Stack>
        );
      },
    })),
  ),
  configRoles: lazy(() => import('../features/config/RolesListPage').then((m) => ({ default: m.RolesListPage }))),
  createRol: lazy(() => import('../features/config/RoleCreatePage').then((m) => ({ default: m.RoleCreatePage }))),
  rolEdit: lazy(() => import('../features/config/RoleEditPage').then((m) => ({ default: m.RoleEditPage }))),
  // The rider's home: his routes, then his cash card (issue 13); the route layer is where the
  // two features meet (the card shows only to a rider).
  distribution: lazy(() =>
    Promise.all([import('../features/delivery/DistributionPage'), import('../features/payments/RiderCashCard')]).then(([d, p]) => ({
      default: function DistributionWithCash() {
        return (
          <Stack gap="lg">
            <d.DistributionPage />
            <p.RiderCashCard />
          </Stack>
        );
      },
    })),
  ),
  distributionRoute: lazy(() => import('../features/delivery/RouteDetailPage').then((m) => ({ default: m.RouteDetailPage }))),
  distributionLoadOut: lazy(() => import('../features/delivery/LoadOutPage').then((m) => ({ default: m.LoadOutPage }))),
  distributionReceive: lazy(() => import('../features/delivery/LoadOutPage').then((m) => ({ default: m.LoadOutPage }))),
  distributionSummary: lazy(() => import('../features/delivery/RouteSummaryPage').then((m) => ({ default: m.RouteSummaryPage }))),
  distributionCancel: lazy(() => import('../features/delivery/RouteCancelPage').then((m) => ({ default: m.RouteCancelPage }))),
  distributionStop: lazy(() => import('../features/delivery/StopPage').then((m) => ({ default: m.StopPage }))),
  deliveryProducts: lazy(() => import('../features/delivery/OrderDeliveryPage').then((m) => ({ default: m.OrderDeliveryPage }))),
  signAndCollect: lazy(() => import('../features/delivery/SignCollectPage').then((m) => ({ default: m.SignCollectPage }))),
  deliveryFailed: lazy(() => import('../features/delivery/FailedPage').then((m) => ({ default: m.FailedPage }))),
  incidenceDeliveryProduct: lazy(() => import('../features/delivery/IncidencePage').then((m) => ({ default: m.IncidencePage }))),
  incidenceAllDelivered: lazy(() => import('../features/incidences/IncidencesListPage').then((m) => ({ default: m.IncidencesListPage }))),
  delivery: lazy(() => import('../features/delivery/DeliveryRecordPage').then((m) => ({ default: m.DeliveryRecordPage }))),
  blank: lazy(() => registryPages().then((m) => ({ default: m.BlankIndexPage }))),
  home: lazy(() => import('../features/home/HomePage').then((m) => ({ default: m.HomePage }))),
  bike: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.BikeListPage }))),
  bikeCreate: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.BikeCreatePage }))),
  bikeEdit: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.BikeEditPage }))),
  bikeModel: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.BikeModelListPage }))),
  bikeModelCreate: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.BikeModelCreatePage }))),
  bikeModelEdit: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.BikeModelEditPage }))),
  hub: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.HubListPage }))),
  hubCreate: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.HubCreatePage }))),
  hubEdit: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.HubEditPage }))),
  productCrud: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.ProductListPage }))),
  productCreate: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.ProductCreatePage }))),
  productEdit: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.ProductEditPage }))),
  configTaxes: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.TaxListPage }))),
  createTaxes: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.TaxCreatePage }))),
  taxEdit: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.TaxEditPage }))),
  configStatus: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.StatusListPage }))),
  configApiKeys: lazy(() => import('../features/apiKeys/ApiKeysPage').then((m) => ({ default: m.ApiKeysPage }))),
  createStatus: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.StatusCreatePage }))),
  statusEdit: lazy(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.StatusEditPage }))),
  synlab: lazy(() => import('../features/masterdata/SynlabListPage').then((m) => ({ default: m.SynlabListPage }))),
  synlabForm: lazy(() => import('../features/masterdata/SynlabCreatePage').then((m) => ({ default: m.SynlabCreatePage }))),
  synlabFormEdit: lazy(() => import('../features/masterdata/SynlabEditPage').then((m) => ({ default: m.SynlabEditPage }))),
  deliveryPointsModel: lazy(() => import('../features/points/PointsOverviewPage').then((m) => ({ default: m.PointsOverviewPage }))),
  deliveryPoints: lazy(() => import('../features/points/PointEntityPages').then((m) => ({ default: m.PointsListPage }))),
  deliveryCreate: lazy(() => import('../features/points/PointEntityPages').then((m) => ({ default: m.PointCreatePage }))),
  deliveryPointsEdit: lazy(() => import('../features/points/PointEntityPages').then((m) => ({ default: m.PointEditPage }))),
  deliveryPointsData: lazy(() => import('../features/points/PointDataPage').then((m) => ({ default: m.PointDataPage }))),
  orders: lazy(() => import('../features/orders/OrdersListPage').then((m) => ({ default: m.OrdersListPage }))),
  createOrder: lazy(() => import('../features/orders/OrderCreatePage').then((m) => ({ default: m.OrderCreatePage }))),
  editOrder: lazy(() => import('../features/orders/OrderEditPage').then((m) => ({ default: m.OrderEditPage }))),
  // One import screen in both layouts (issue 10); the worker and the XLSX code load only here.
  charge: lazy(() => import('../features/intake/ImportPage').then((m) => ({ default: m.ImportPage }))),
  import: lazy(() => import('../features/intake/ImportPage').then((m) => ({ default: m.ImportPage }))),
  blankCharge: lazy(() => import('../features/intake/ImportPage').then((m) => ({ default: m.ImportPage }))),
  picking: lazy(() => import('../features/picking/PickingRoutesPage').then((m) => ({ default: m.PickingRoutesPage }))),
  blankPicking: lazy(() => import('../features/picking/PickingRoutesPage').then((m) => ({ default: m.PickingRoutesPage }))),
  pickingRoute: lazy(() => import('../features/picking/PickingRoutePage').then((m) => ({ default: m.PickingRoutePage }))),
  pickingRoutePe: lazy(() => import('../features/picking/PickingRoutePointPage').then((m) => ({ default: m.PickingRoutePointPage }))),
  pickerProduct: lazy(() => import('../features/picking/ProductPage').then((m) => ({ default: m.PickerProductPage }))),
  incidenceProduct: lazy(() => import('../features/picking/IncidenceProductPage').then((m) => ({ default: m.IncidenceProductPage }))),
  errorPicking: lazy(() => import('../features/picking/ErrorPickingPage').then((m) => ({ default: m.ErrorPickingPage }))),
  incidenceAllPicking: lazy(() => import('../features/picking/IncidenceAllPickingPage').then((m) => ({ default: m.IncidenceAllPickingPage }))),
  pickingPe: lazy(() => import('../features/picking/PickingPointsPage').then((m) => ({ default: m.PickingPointsPage }))),
  pickingPeProducts: lazy(() => import('../features/picking/PointProductsPage').then((m) => ({ default: m.PointProductsPage }))),
  pickingOrdersHub: lazy(() => import('../features/picking/ProductOrdersHubPage').then((m) => ({ default: m.ProductOrdersHubPage }))),
  barcode: lazy(() => import('../features/picking/BarcodePage').then((m) => ({ default: m.BarcodePage }))),
  routes: lazy(() => import('../features/planning/RoutesListPage').then((m) => ({ default: m.RoutesListPage }))),
  routeDetail: lazy(() => import('../features/planning/RouteViewPage').then((m) => ({ default: m.RouteViewPage }))),
  routeForm: lazy(() => import('../features/planning/RouteFormPage').then((m) => ({ default: m.RouteFormPage }))),
  routeSynlab: lazy(() => import('../features/planning/RouteSynlabPage').then((m) => ({ default: m.RouteSynlabPage }))),
  routed: lazy(() => import('../features/planning/PlanningBoard').then((m) => ({ default: m.PlanningBoardPage }))),
  blankRouted: lazy(() => import('../features/planning/PlanningBoard').then((m) => ({ default: m.PlanningBoardPage }))),
  blankMap: lazy(() => import('../features/planning/DayMap').then((m) => ({ default: m.DayMapPage }))),
  paymentsAll: lazy(() => import('../features/payments/PaymentsPages').then((m) => ({ default: m.PaymentsAllPage }))),
  paymentsDetails: lazy(() => import('../features/payments/PaymentsPages').then((m) => ({ default: m.PaymentsDetailsPage }))),
  proofOfDelivery: lazy(() => import('../features/proof/ProofPage').then((m) => ({ default: m.ProofPage }))),
  publicProof: lazy(() => import('../features/proof/PublicProofPage').then((m) => ({ default: m.PublicProofPage }))),
} satisfies Record<ScreenId, Screen>;

/** The screens, looked up by a registry entry's id (absent for a pending entry). */
export const SCREENS: Readonly<Partial<Record<string, Screen>>> = SCREEN_TABLE;
