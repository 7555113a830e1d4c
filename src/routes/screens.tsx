/**
 * Which component renders each built screen of the registry. Screens are loaded lazily so each
 * route group only downloads what it shows (see bench/bundle.ts).
 */
import type { ComponentType } from 'react';
import { lazyChunk, type PreloadableLazy } from '../ui/lazyChunk';
import { Stack } from '@mantine/core';

import type { ScreenProps } from '../ui/page/types';
import type { ScreenId } from '../links/registry';

export type { ScreenProps };

/** The screen of route `I`: it takes the parameters of its own path (ScreenProps<I>). */
type ScreenOf<I extends ScreenId> = PreloadableLazy<ComponentType<ScreenProps<I>>>;
/** A screen as RoutePage renders it, with the router's parameters of the entry's path. */
type Screen = PreloadableLazy<ComponentType<{ readonly params: Readonly<Record<string, string>> }>>;

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
  test: lazyChunk(() => registryPages().then((m) => ({ default: m.DevIndexPage }))),
  testTwo: lazyChunk(() => import('../features/devtools/DevEnvironmentPage').then((m) => ({ default: m.DevEnvironmentPage }))),
  testThree: lazyChunk(() => import('../features/devtools/DevFormatsPage').then((m) => ({ default: m.DevFormatsPage }))),
  testEntrega: lazyChunk(() => import('../features/devtools/DeliveryLabPage').then((m) => ({ default: m.DeliveryLabPage }))),
  testDeliveryOrderSynlab: lazyChunk(() => import('../features/devtools/SynlabOrdersPage').then((m) => ({ default: m.SynlabOrdersPage }))),
  blankDelivery: lazyChunk(() => import('./riderHome').then((m) => ({ default: m.DistributionPage }))),
  testDataroutes: lazyChunk(() => registryPages().then((m) => ({ default: m.DevRoutesPage }))),
  login: lazyChunk(() => auth().then((m) => ({ default: m.LoginPage }))),
  reset: lazyChunk(() => import('../features/auth/ResetRequestPage').then((m) => ({ default: m.ResetRequestPage }))),
  resetForm: lazyChunk(() => import('../features/auth/ResetFormPage').then((m) => ({ default: m.ResetFormPage }))),
  profileUser: lazyChunk(() => import('../features/users/ProfilePage').then((m) => ({ default: m.ProfilePage }))),
  userModel: lazyChunk(() => import('../features/users/UserModelPage').then((m) => ({ default: m.UserModelPage }))),
  crudUser: lazyChunk(() => import('../features/users/UsersListPage').then((m) => ({ default: m.UsersListPage }))),
  createUser: lazyChunk(() => import('../features/users/UserCreatePage').then((m) => ({ default: m.UserCreatePage }))),
  userEdit: lazyChunk(() => import('../features/users/UserEditPage').then((m) => ({ default: m.UserEditPage }))),
  // Clients have no path in the specification: a section of /config (docs/backoffice.md). The
  // route layer is where the two features meet.
  config: lazyChunk(() =>
    Promise.all([import('../features/config/ConfigPage'), masterdata()]).then(([c, m]) => ({
      default: function ConfigWithClients() {
        return (
          <Stack gap="lg">
            <c.ConfigPage />
            <m.ClientsSection />
            <m.SustainabilitySection />
            <m.PlanningObjectivesSection />
          </Stack>
        );
      },
    })),
  ),
  configRoles: lazyChunk(() => import('../features/config/RolesListPage').then((m) => ({ default: m.RolesListPage }))),
  createRol: lazyChunk(() => import('../features/config/RoleCreatePage').then((m) => ({ default: m.RoleCreatePage }))),
  rolEdit: lazyChunk(() => import('../features/config/RoleEditPage').then((m) => ({ default: m.RoleEditPage }))),
  // The rider's home: his routes, then his cash card (issue 13), in one chunk (./riderHome).
  distribution: lazyChunk(() => import('./riderHome').then((m) => ({ default: m.DistributionWithCash }))),
  distributionRoute: lazyChunk(() => import('../features/delivery/RouteDetailPage').then((m) => ({ default: m.RouteDetailPage }))),
  distributionLoadOut: lazyChunk(() => import('../features/delivery/LoadOutPage').then((m) => ({ default: m.LoadOutPage }))),
  distributionReceive: lazyChunk(() => import('../features/delivery/LoadOutPage').then((m) => ({ default: m.LoadOutPage }))),
  distributionSummary: lazyChunk(() => import('../features/delivery/RouteSummaryPage').then((m) => ({ default: m.RouteSummaryPage }))),
  distributionCancel: lazyChunk(() => import('../features/delivery/RouteCancelPage').then((m) => ({ default: m.RouteCancelPage }))),
  distributionStop: lazyChunk(() => import('../features/delivery/StopPage').then((m) => ({ default: m.StopPage }))),
  deliveryProducts: lazyChunk(() => import('../features/delivery/OrderDeliveryPage').then((m) => ({ default: m.OrderDeliveryPage }))),
  signAndCollect: lazyChunk(() => import('../features/delivery/SignCollectPage').then((m) => ({ default: m.SignCollectPage }))),
  deliveryFailed: lazyChunk(() => import('../features/delivery/FailedPage').then((m) => ({ default: m.FailedPage }))),
  incidenceDeliveryProduct: lazyChunk(() => import('../features/delivery/IncidencePage').then((m) => ({ default: m.IncidencePage }))),
  incidenceAllDelivered: lazyChunk(() => import('../features/incidences/IncidencesListPage').then((m) => ({ default: m.IncidencesListPage }))),
  delivery: lazyChunk(() => import('../features/delivery/DeliveryRecordPage').then((m) => ({ default: m.DeliveryRecordPage }))),
  blank: lazyChunk(() => registryPages().then((m) => ({ default: m.BlankIndexPage }))),
  home: lazyChunk(() => import('../features/home/HomePage').then((m) => ({ default: m.HomePage }))),
  bike: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.BikeListPage }))),
  bikeCreate: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.BikeCreatePage }))),
  bikeEdit: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.BikeEditPage }))),
  bikeModel: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.BikeModelListPage }))),
  bikeModelCreate: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.BikeModelCreatePage }))),
  bikeModelEdit: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.BikeModelEditPage }))),
  hub: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.HubListPage }))),
  hubCreate: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.HubCreatePage }))),
  hubEdit: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.HubEditPage }))),
  productCrud: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.ProductListPage }))),
  productCreate: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.ProductCreatePage }))),
  productEdit: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.ProductEditPage }))),
  configTaxes: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.TaxListPage }))),
  createTaxes: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.TaxCreatePage }))),
  taxEdit: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.TaxEditPage }))),
  configStatus: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.StatusListPage }))),
  configApiKeys: lazyChunk(() => import('../features/apiKeys/ApiKeysPage').then((m) => ({ default: m.ApiKeysPage }))),
  createStatus: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.StatusCreatePage }))),
  statusEdit: lazyChunk(() => import('../features/masterdata/MasterDataPages').then((m) => ({ default: m.StatusEditPage }))),
  synlab: lazyChunk(() => import('../features/masterdata/SynlabListPage').then((m) => ({ default: m.SynlabListPage }))),
  synlabForm: lazyChunk(() => import('../features/masterdata/SynlabCreatePage').then((m) => ({ default: m.SynlabCreatePage }))),
  synlabFormEdit: lazyChunk(() => import('../features/masterdata/SynlabEditPage').then((m) => ({ default: m.SynlabEditPage }))),
  deliveryPointsModel: lazyChunk(() => import('../features/points/PointsOverviewPage').then((m) => ({ default: m.PointsOverviewPage }))),
  deliveryPoints: lazyChunk(() => import('../features/points/PointEntityPages').then((m) => ({ default: m.PointsListPage }))),
  deliveryCreate: lazyChunk(() => import('../features/points/PointEntityPages').then((m) => ({ default: m.PointCreatePage }))),
  deliveryPointsEdit: lazyChunk(() => import('../features/points/PointEntityPages').then((m) => ({ default: m.PointEditPage }))),
  deliveryPointsData: lazyChunk(() => import('../features/points/PointDataPage').then((m) => ({ default: m.PointDataPage }))),
  orders: lazyChunk(() => import('../features/orders/OrdersListPage').then((m) => ({ default: m.OrdersListPage }))),
  createOrder: lazyChunk(() => import('../features/orders/OrderCreatePage').then((m) => ({ default: m.OrderCreatePage }))),
  editOrder: lazyChunk(() => import('../features/orders/OrderEditPage').then((m) => ({ default: m.OrderEditPage }))),
  // One import screen in both layouts (issue 10); the worker and the XLSX code load only here.
  charge: lazyChunk(() => import('../features/intake/ImportPage').then((m) => ({ default: m.ImportPage }))),
  import: lazyChunk(() => import('../features/intake/ImportPage').then((m) => ({ default: m.ImportPage }))),
  blankCharge: lazyChunk(() => import('../features/intake/ImportPage').then((m) => ({ default: m.ImportPage }))),
  picking: lazyChunk(() => import('../features/picking/PickingRoutesPage').then((m) => ({ default: m.PickingRoutesPage }))),
  blankPicking: lazyChunk(() => import('../features/picking/PickingRoutesPage').then((m) => ({ default: m.PickingRoutesPage }))),
  pickingRoute: lazyChunk(() => import('../features/picking/PickingRoutePage').then((m) => ({ default: m.PickingRoutePage }))),
  pickingRoutePe: lazyChunk(() => import('../features/picking/PickingRoutePointPage').then((m) => ({ default: m.PickingRoutePointPage }))),
  pickerProduct: lazyChunk(() => import('../features/picking/ProductPage').then((m) => ({ default: m.PickerProductPage }))),
  incidenceProduct: lazyChunk(() => import('../features/picking/IncidenceProductPage').then((m) => ({ default: m.IncidenceProductPage }))),
  errorPicking: lazyChunk(() => import('../features/picking/ErrorPickingPage').then((m) => ({ default: m.ErrorPickingPage }))),
  incidenceAllPicking: lazyChunk(() => import('../features/picking/IncidenceAllPickingPage').then((m) => ({ default: m.IncidenceAllPickingPage }))),
  pickingPe: lazyChunk(() => import('../features/picking/PickingPointsPage').then((m) => ({ default: m.PickingPointsPage }))),
  pickingPeProducts: lazyChunk(() => import('../features/picking/PointProductsPage').then((m) => ({ default: m.PointProductsPage }))),
  pickingOrdersHub: lazyChunk(() => import('../features/picking/ProductOrdersHubPage').then((m) => ({ default: m.ProductOrdersHubPage }))),
  barcode: lazyChunk(() => import('../features/picking/BarcodePage').then((m) => ({ default: m.BarcodePage }))),
  routes: lazyChunk(() => import('../features/planning/RoutesListPage').then((m) => ({ default: m.RoutesListPage }))),
  routeDetail: lazyChunk(() => import('../features/planning/RouteViewPage').then((m) => ({ default: m.RouteViewPage }))),
  routeForm: lazyChunk(() => import('../features/planning/RouteFormPage').then((m) => ({ default: m.RouteFormPage }))),
  routeSynlab: lazyChunk(() => import('../features/planning/RouteSynlabPage').then((m) => ({ default: m.RouteSynlabPage }))),
  routed: lazyChunk(() => import('../features/planning/PlanningBoard').then((m) => ({ default: m.PlanningBoardPage }))),
  blankRouted: lazyChunk(() => import('../features/planning/PlanningBoard').then((m) => ({ default: m.PlanningBoardPage }))),
  blankMap: lazyChunk(() => import('../features/planning/DayMap').then((m) => ({ default: m.DayMapPage }))),
  tracking: lazyChunk(() => import('../features/tracking/TrackingPage').then((m) => ({ default: m.TrackingPage }))),
  reports: lazyChunk(() => import('../features/reports/ReportsPage').then((m) => ({ default: m.ReportsPage }))),
  reportsClientMonth: lazyChunk(() => import('../features/reports/ClientMonthPage').then((m) => ({ default: m.ClientMonthPage }))),
  paymentsAll: lazyChunk(() => import('../features/payments/PaymentsPages').then((m) => ({ default: m.PaymentsAllPage }))),
  paymentsDetails: lazyChunk(() => import('../features/payments/PaymentsPages').then((m) => ({ default: m.PaymentsDetailsPage }))),
  proofOfDelivery: lazyChunk(() => import('../features/proof/ProofPage').then((m) => ({ default: m.ProofPage }))),
  publicTracking: lazyChunk(() => import('../features/notify/TrackingPage').then((m) => ({ default: m.TrackingPage }))),
  orderNotices: lazyChunk(() => import('../features/notify/OrderNoticesPage').then((m) => ({ default: m.OrderNoticesPage }))),
  configWebhooks: lazyChunk(() => import('../features/notify/WebhooksPage').then((m) => ({ default: m.WebhooksPage }))),
  publicProof: lazyChunk(() => import('../features/proof/PublicProofPage').then((m) => ({ default: m.PublicProofPage }))),
} satisfies { readonly [I in ScreenId]: ScreenOf<I> };

/** The screens, looked up by a registry entry's id (absent for a pending entry). */
// The router fills each entry's parameters from the same path (the route tree is generated
// from the registry): here the per-route types meet the router's plain record, once.
export const SCREENS: Readonly<Partial<Record<string, Screen>>> = SCREEN_TABLE as unknown as Readonly<Partial<Record<string, Screen>>>;
