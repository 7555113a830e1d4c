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

const devtools = () => import('../features/devtools');
// The sign-in pages import their own modules, not the feature's index (which also holds the
// signed-in user's menu and overlays).
const auth = () => import('../features/auth/LoginPage');
const users = () => import('../features/users');
const config = () => import('../features/config');
const apiKeys = () => import('../features/apiKeys');
const delivery = () => import('../features/delivery');
const incidences = () => import('../features/incidences');
const registryPages = () => import('./pages/RegistryPages');
const home = () => import('../features/home');
const masterdata = () => import('../features/masterdata');
const points = () => import('../features/points');
const orders = () => import('../features/orders');
const intake = () => import('../features/intake');
const picking = () => import('../features/picking');
const planning = () => import('../features/planning');
const payments = () => import('../features/payments');
const proof = () => import('../features/proof');

/**
 * Exactly the built entries of the registry (`ScreenId`: the ids without `pending`): a built
 * entry without a screen, or a screen for a pending or unknown id, does not compile.
 */
const SCREEN_TABLE = {
  test: lazy(() => registryPages().then((m) => ({ default: m.DevIndexPage }))),
  testTwo: lazy(() => devtools().then((m) => ({ default: m.DevEnvironmentPage }))),
  testThree: lazy(() => devtools().then((m) => ({ default: m.DevFormatsPage }))),
  testEntrega: lazy(() => devtools().then((m) => ({ default: m.DeliveryLabPage }))),
  testDeliveryOrderSynlab: lazy(() => devtools().then((m) => ({ default: m.SynlabOrdersPage }))),
  blankDelivery: lazy(() => delivery().then((m) => ({ default: m.DistributionPage }))),
  testDataroutes: lazy(() => registryPages().then((m) => ({ default: m.DevRoutesPage }))),
  login: lazy(() => auth().then((m) => ({ default: m.LoginPage }))),
  reset: lazy(() => import('../features/auth/ResetRequestPage').then((m) => ({ default: m.ResetRequestPage }))),
  resetForm: lazy(() => import('../features/auth/ResetFormPage').then((m) => ({ default: m.ResetFormPage }))),
  profileUser: lazy(() => users().then((m) => ({ default: m.ProfilePage }))),
  userModel: lazy(() => users().then((m) => ({ default: m.UserModelPage }))),
  crudUser: lazy(() => users().then((m) => ({ default: m.UsersListPage }))),
  createUser: lazy(() => users().then((m) => ({ default: m.UserCreatePage }))),
  userEdit: lazy(() => users().then((m) => ({ default: m.UserEditPage }))),
  // Clients have no path in the specification: a section of /config (docs/decisions.md). The
  // route layer is where the two features meet.
  config: lazy(() =>
    Promise.all([config(), masterdata()]).then(([c, m]) => ({
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
  configRoles: lazy(() => config().then((m) => ({ default: m.RolesListPage }))),
  createRol: lazy(() => config().then((m) => ({ default: m.RoleCreatePage }))),
  rolEdit: lazy(() => config().then((m) => ({ default: m.RoleEditPage }))),
  // The rider's home: his routes, then his cash card (issue 13); the route layer is where the
  // two features meet (the card shows only to a rider).
  distribution: lazy(() =>
    Promise.all([delivery(), payments()]).then(([d, p]) => ({
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
  distributionRoute: lazy(() => delivery().then((m) => ({ default: m.RouteDetailPage }))),
  distributionLoadOut: lazy(() => delivery().then((m) => ({ default: m.LoadOutPage }))),
  distributionReceive: lazy(() => delivery().then((m) => ({ default: m.LoadOutPage }))),
  distributionSummary: lazy(() => delivery().then((m) => ({ default: m.RouteSummaryPage }))),
  distributionCancel: lazy(() => delivery().then((m) => ({ default: m.RouteCancelPage }))),
  distributionStop: lazy(() => delivery().then((m) => ({ default: m.StopPage }))),
  deliveryProducts: lazy(() => delivery().then((m) => ({ default: m.OrderDeliveryPage }))),
  signAndCollect: lazy(() => delivery().then((m) => ({ default: m.SignCollectPage }))),
  deliveryFailed: lazy(() => delivery().then((m) => ({ default: m.FailedPage }))),
  incidenceDeliveryProduct: lazy(() => delivery().then((m) => ({ default: m.IncidencePage }))),
  incidenceAllDelivered: lazy(() => incidences().then((m) => ({ default: m.IncidencesListPage }))),
  delivery: lazy(() => delivery().then((m) => ({ default: m.DeliveryRecordPage }))),
  blank: lazy(() => registryPages().then((m) => ({ default: m.BlankIndexPage }))),
  home: lazy(() => home().then((m) => ({ default: m.HomePage }))),
  bike: lazy(() => masterdata().then((m) => ({ default: m.BikeListPage }))),
  bikeCreate: lazy(() => masterdata().then((m) => ({ default: m.BikeCreatePage }))),
  bikeEdit: lazy(() => masterdata().then((m) => ({ default: m.BikeEditPage }))),
  bikeModel: lazy(() => masterdata().then((m) => ({ default: m.BikeModelListPage }))),
  bikeModelCreate: lazy(() => masterdata().then((m) => ({ default: m.BikeModelCreatePage }))),
  bikeModelEdit: lazy(() => masterdata().then((m) => ({ default: m.BikeModelEditPage }))),
  hub: lazy(() => masterdata().then((m) => ({ default: m.HubListPage }))),
  hubCreate: lazy(() => masterdata().then((m) => ({ default: m.HubCreatePage }))),
  hubEdit: lazy(() => masterdata().then((m) => ({ default: m.HubEditPage }))),
  productCrud: lazy(() => masterdata().then((m) => ({ default: m.ProductListPage }))),
  productCreate: lazy(() => masterdata().then((m) => ({ default: m.ProductCreatePage }))),
  productEdit: lazy(() => masterdata().then((m) => ({ default: m.ProductEditPage }))),
  configTaxes: lazy(() => masterdata().then((m) => ({ default: m.TaxListPage }))),
  createTaxes: lazy(() => masterdata().then((m) => ({ default: m.TaxCreatePage }))),
  taxEdit: lazy(() => masterdata().then((m) => ({ default: m.TaxEditPage }))),
  configStatus: lazy(() => masterdata().then((m) => ({ default: m.StatusListPage }))),
  configApiKeys: lazy(() => apiKeys().then((m) => ({ default: m.ApiKeysPage }))),
  createStatus: lazy(() => masterdata().then((m) => ({ default: m.StatusCreatePage }))),
  statusEdit: lazy(() => masterdata().then((m) => ({ default: m.StatusEditPage }))),
  synlab: lazy(() => masterdata().then((m) => ({ default: m.SynlabListPage }))),
  synlabForm: lazy(() => masterdata().then((m) => ({ default: m.SynlabCreatePage }))),
  synlabFormEdit: lazy(() => masterdata().then((m) => ({ default: m.SynlabEditPage }))),
  deliveryPointsModel: lazy(() => points().then((m) => ({ default: m.PointsOverviewPage }))),
  deliveryPoints: lazy(() => points().then((m) => ({ default: m.PointsListPage }))),
  deliveryCreate: lazy(() => points().then((m) => ({ default: m.PointCreatePage }))),
  deliveryPointsEdit: lazy(() => points().then((m) => ({ default: m.PointEditPage }))),
  deliveryPointsData: lazy(() => points().then((m) => ({ default: m.PointDataPage }))),
  orders: lazy(() => orders().then((m) => ({ default: m.OrdersListPage }))),
  createOrder: lazy(() => orders().then((m) => ({ default: m.OrderCreatePage }))),
  editOrder: lazy(() => orders().then((m) => ({ default: m.OrderEditPage }))),
  // One import screen in both layouts (issue 10); the worker and the XLSX code load only here.
  charge: lazy(() => intake().then((m) => ({ default: m.ImportPage }))),
  import: lazy(() => intake().then((m) => ({ default: m.ImportPage }))),
  blankCharge: lazy(() => intake().then((m) => ({ default: m.ImportPage }))),
  picking: lazy(() => picking().then((m) => ({ default: m.PickingRoutesPage }))),
  blankPicking: lazy(() => picking().then((m) => ({ default: m.PickingRoutesPage }))),
  pickingRoute: lazy(() => picking().then((m) => ({ default: m.PickingRoutePage }))),
  pickingRoutePe: lazy(() => picking().then((m) => ({ default: m.PickingRoutePointPage }))),
  pickerProduct: lazy(() => picking().then((m) => ({ default: m.PickerProductPage }))),
  incidenceProduct: lazy(() => picking().then((m) => ({ default: m.IncidenceProductPage }))),
  errorPicking: lazy(() => picking().then((m) => ({ default: m.ErrorPickingPage }))),
  incidenceAllPicking: lazy(() => picking().then((m) => ({ default: m.IncidenceAllPickingPage }))),
  pickingPe: lazy(() => picking().then((m) => ({ default: m.PickingPointsPage }))),
  pickingPeProducts: lazy(() => picking().then((m) => ({ default: m.PointProductsPage }))),
  pickingOrdersHub: lazy(() => picking().then((m) => ({ default: m.ProductOrdersHubPage }))),
  barcode: lazy(() => picking().then((m) => ({ default: m.BarcodePage }))),
  routes: lazy(() => planning().then((m) => ({ default: m.RoutesListPage }))),
  routeDetail: lazy(() => planning().then((m) => ({ default: m.RouteViewPage }))),
  routeForm: lazy(() => planning().then((m) => ({ default: m.RouteFormPage }))),
  routeSynlab: lazy(() => planning().then((m) => ({ default: m.RouteSynlabPage }))),
  routed: lazy(() => planning().then((m) => ({ default: m.PlanningBoardPage }))),
  blankRouted: lazy(() => planning().then((m) => ({ default: m.PlanningBoardPage }))),
  blankMap: lazy(() => planning().then((m) => ({ default: m.DayMapPage }))),
  paymentsAll: lazy(() => payments().then((m) => ({ default: m.PaymentsAllPage }))),
  paymentsDetails: lazy(() => payments().then((m) => ({ default: m.PaymentsDetailsPage }))),
  proofOfDelivery: lazy(() => proof().then((m) => ({ default: m.ProofPage }))),
  publicProof: lazy(() => proof().then((m) => ({ default: m.PublicProofPage }))),
} satisfies Record<ScreenId, Screen>;

/** The screens, looked up by a registry entry's id (absent for a pending entry). */
export const SCREENS: Readonly<Partial<Record<string, Screen>>> = SCREEN_TABLE;
