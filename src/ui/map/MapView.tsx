/**
 * The one map wrapper of the app (OpenLayers): numbered markers over the configured tiles
 * (src/data/tileSource.ts: OpenStreetMap by default, with its attribution always shown), fitted
 * to the points. Every screen that shows a map uses it; it is loaded lazily (LazyMap) so the
 * map library is only downloaded where a map is shown. Without connection the service worker
 * answers with the tiles seen before and today's route area (sw/tiles.ts); tiles never seen
 * are missing, but the markers and their order still show.
 *
 * Markers marked `cluster` gather when they would overlap (closer than CLUSTER_PX on screen): one
 * bigger marker with a double ring shows the sum of their `weight`; clicking it zooms in until
 * they part (or, when they share one place, clicks each). A box still chooses the markers inside
 * it, clustered or not. The container's `data-markers` says how many markers are drawn.
 */
import { useEffect, useRef } from 'react';
import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import Cluster from 'ol/source/Cluster';
import type { FeatureLike } from 'ol/Feature';
import OSM from 'ol/source/OSM';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import LineString from 'ol/geom/LineString';
import { fromLonLat } from 'ol/proj';
import { boundingExtent } from 'ol/extent';
import DragBox from 'ol/interaction/DragBox';
import { platformModifierKeyOnly } from 'ol/events/condition';
import { Circle, Fill, Icon, Stroke, Style, Text } from 'ol/style';
import { TILE_URL } from '../../data/tileSource';
import { defaults as defaultControls } from 'ol/control/defaults';
import { t } from '../../i18n';

export interface MapPoint {
  readonly id: string;
  readonly lat: number;
  readonly lng: number;
  /** Short text inside the marker (the stop number). */
  readonly label: string;
  readonly color?: string;
  readonly title?: string;
  /**
   * Drawn in a cluster with the markers near it when they would overlap at the map's zoom (the
   * planning board's unplanned points); `weight` is what the cluster adds up and shows (orders).
   */
  readonly cluster?: boolean;
  readonly weight?: number;
}

/** A line through places (a route: hub, its stops, hub). */
export interface MapLine {
  readonly id: string;
  readonly color: string;
  readonly path: readonly { readonly lat: number; readonly lng: number }[];
}

export interface MapViewProps {
  readonly points: readonly MapPoint[];
  readonly lines?: readonly MapLine[];
  /**
   * A marker was clicked (its id; `shift` when the shift key was held); the same choice is always
   * offered in a list beside the map.
   */
  readonly onPointClick?: (id: string, how: { readonly shift: boolean }) => void;
  /** A box drawn with Ctrl (⌘ on Mac) + drag: the ids of the markers inside it. */
  readonly onBoxSelect?: (ids: string[]) => void;
  readonly height?: number;
  readonly ariaLabel: string;
  readonly onPick?: (lat: number, lng: number) => void;
  /**
   * Markers that move (issue 33, the live map): each marker is kept and moved by its id instead
   * of drawn again, and the view fits the markers only the first time (the user's zoom stays).
   */
  readonly live?: boolean;
}

/** Markers closer than this on screen gather in a cluster. */
const CLUSTER_PX = 36;

function clusterStyle(members: readonly MapPoint[]): Style[] {
  const colors = new Set(members.map((m) => m.color ?? '#0b7285'));
  const color = colors.size === 1 ? ([...colors][0] as string) : '#495057';
  const total = members.reduce((a, m) => a + (m.weight ?? 1), 0);
  const chosen = members.some((m) => m.label === '✓');
  return [
    new Style({ image: new Circle({ radius: 21, fill: new Fill({ color: 'rgba(255,255,255,0.85)' }), stroke: new Stroke({ color, width: 2 }) }) }),
    new Style({
      image: new Circle({ radius: 16, fill: new Fill({ color }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
      text: new Text({ text: chosen ? `✓${total}` : String(total), fill: new Fill({ color: '#fff' }), font: 'bold 12px system-ui, sans-serif' }),
    }),
  ];
}

function style(p: MapPoint): Style {
  return new Style({
    image: new Circle({ radius: 13, fill: new Fill({ color: p.color ?? '#0b7285' }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
    text: new Text({ text: p.label, fill: new Fill({ color: '#fff' }), font: 'bold 12px system-ui, sans-serif' }),
  });
}

/** The live map's marker drawings by label and colour (a few hundred riders: a few hundred kept). */
const liveStyles = new Map<string, Style>();
const LIVE_STYLES_KEPT = 2000;
const LIVE_MARKER_PX = 30;

/**
 * A live marker: the same circle and label as `style`, drawn once into an image. The map draws
 * every marker again whenever one moves; an image is copied, while a text label is laid out and
 * drawn again each time (500 riders: most of a long task).
 */
function liveStyle(p: MapPoint): Style {
  const color = p.color ?? '#0b7285';
  const key = `${p.label}|${color}`;
  const known = liveStyles.get(key);
  if (known) return known;
  const ratio = Math.max(1, Math.ceil(window.devicePixelRatio || 1));
  const canvas = document.createElement('canvas');
  canvas.width = LIVE_MARKER_PX * ratio;
  canvas.height = LIVE_MARKER_PX * ratio;
  const ctx = canvas.getContext('2d');
  // No 2D canvas (never in a browser): the drawn style.
  if (!ctx) return style(p);
  const half = LIVE_MARKER_PX / 2;
  ctx.scale(ratio, ratio);
  ctx.beginPath();
  ctx.arc(half, half, 13, 0, 2 * Math.PI);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#fff';
  ctx.stroke();
  ctx.font = 'bold 12px system-ui, sans-serif';
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(p.label, half, half);
  const made = new Style({ image: new Icon({ img: canvas, width: LIVE_MARKER_PX, height: LIVE_MARKER_PX }) });
  if (liveStyles.size >= LIVE_STYLES_KEPT) liveStyles.clear();
  liveStyles.set(key, made);
  return made;
}

export default function MapView({ points, lines, height = 320, ariaLabel, onPick, onPointClick, onBoxSelect, live = false }: MapViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const mapRef = useRef<OlMap | null>(null);
  const sourceRef = useRef(new VectorSource());
  // Markers that gather when dense, and the clusters drawn from them.
  const looseRef = useRef(new VectorSource());
  const clustersRef = useRef(new Cluster({ distance: CLUSTER_PX, source: looseRef.current }));

  useEffect(() => {
    if (!ref.current) return undefined;
    const map = new OlMap({
      target: ref.current,
      controls: defaultControls({ zoomOptions: { zoomInTipLabel: t('common.mapZoomIn'), zoomOutTipLabel: t('common.mapZoomOut') }, attributionOptions: { tipLabel: t('common.mapAttributions') } }),
      layers: [
        new TileLayer({ source: new OSM({ url: TILE_URL }) }),
        new VectorLayer({ source: sourceRef.current }),
        new VectorLayer({
          source: clustersRef.current,
          style: (f: FeatureLike) => {
            const members = (f.get('features') as Feature[]).map((m) => m.get('mapPoint') as MapPoint);
            return members.length === 1 ? style(members[0] as MapPoint) : clusterStyle(members);
          },
        }),
      ],
      view: new View({ center: fromLonLat([-3.7038, 40.4168]), zoom: 12 }),
    });
    mapRef.current = map;
    // The zoom buttons show «+» and «–»: their names are words, for screen readers and voice.
    ref.current.querySelector('.ol-zoom-in')?.setAttribute('aria-label', t('common.mapZoomIn'));
    ref.current.querySelector('.ol-zoom-out')?.setAttribute('aria-label', t('common.mapZoomOut'));
    // How many markers are drawn (single ones and clusters), for people who test the map: counted
    // once after a batch of changes (each moved or added marker is a change), not once per change.
    let counting = false;
    const count = () => {
      if (counting) return;
      counting = true;
      queueMicrotask(() => {
        counting = false;
        const el = ref.current;
        if (el) el.dataset.markers = String(sourceRef.current.getFeatures().filter((f) => f.get('pointId') !== undefined).length + clustersRef.current.getFeatures().length);
      });
    };
    const clusters = clustersRef.current;
    const source = sourceRef.current;
    clusters.on('change', count);
    source.on('change', count);
    return () => {
      clusters.un('change', count);
      source.un('change', count);
      map.setTarget(undefined);
      mapRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !onPick) return undefined;
    const key = map.on('singleclick', (e) => {
      const [x, y] = e.coordinate as [number, number];
      // EPSG:3857 → WGS84
      const lng = (x / 6378137) * (180 / Math.PI);
      const lat = (Math.atan(Math.exp(y / 6378137)) * 2 - Math.PI / 2) * (180 / Math.PI);
      onPick(Math.round(lat * 1e6) / 1e6, Math.round(lng * 1e6) / 1e6);
    });
    return () => map.un('singleclick', key.listener);
  }, [onPick]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !onPointClick) return undefined;
    const key = map.on('singleclick', (e) => {
      const shift = e.originalEvent instanceof MouseEvent && e.originalEvent.shiftKey;
      map.forEachFeatureAtPixel(e.pixel, (f) => {
        const members = f.get('features') as Feature[] | undefined;
        if (members && members.length > 1) {
          // A cluster: zoom in until its markers part; markers at one place are each clicked.
          const extent = boundingExtent(members.map((m) => (m.getGeometry() as Point).getCoordinates()));
          if (extent[0] === extent[2] && extent[1] === extent[3]) for (const m of members) onPointClick(m.get('pointId') as string, { shift });
          else map.getView().fit(extent, { padding: [60, 60, 60, 60], maxZoom: 19, duration: 250 });
          return true;
        }
        const id = (members?.[0] ?? f).get('pointId') as string | undefined;
        if (id === undefined) return false;
        onPointClick(id, { shift });
        return true;
      });
    });
    return () => map.un('singleclick', key.listener);
  }, [onPointClick]);

  // The box interaction is made once: re-creating it whenever the screen re-renders with a new
  // callback (the board re-renders as its queries update) would drop a box being drawn.
  const onBoxSelectRef = useRef(onBoxSelect);
  useEffect(() => {
    onBoxSelectRef.current = onBoxSelect;
  }, [onBoxSelect]);
  const boxSelectable = onBoxSelect !== undefined;

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !boxSelectable) return undefined;
    const box = new DragBox({ condition: platformModifierKeyOnly });
    box.on('boxend', () => {
      const ids: string[] = [];
      for (const source of [sourceRef.current, looseRef.current]) {
        source.forEachFeatureIntersectingExtent(box.getGeometry().getExtent(), (f) => {
          const id = f.get('pointId') as string | undefined;
          if (id !== undefined) ids.push(id);
        });
      }
      onBoxSelectRef.current?.(ids);
    });
    map.addInteraction(box);
    return () => {
      map.removeInteraction(box);
    };
  }, [boxSelectable]);

  // The live map's markers by id, their last place, style key and title, and whether the view was fitted.
  const liveRef = useRef(new Map<string, { feature: Feature; lat: number; lng: number; key: string; title: string }>());
  const fittedRef = useRef(false);

  useEffect(() => {
    if (!live) return;
    const source = sourceRef.current;
    const known = liveRef.current;
    const seen = new Set<string>();
    // Only what changed is touched: every change makes the map draw again (500 riders: a few move
    // at a time).
    for (const p of points) {
      seen.add(p.id);
      const key = `${p.label}|${p.color ?? ''}`;
      const title = p.title ?? p.label;
      const had = known.get(p.id);
      if (had) {
        if (had.lat !== p.lat || had.lng !== p.lng) {
          (had.feature.getGeometry() as Point).setCoordinates(fromLonLat([p.lng, p.lat]));
          had.lat = p.lat;
          had.lng = p.lng;
        }
        if (had.key !== key) {
          had.feature.setStyle(liveStyle(p));
          had.key = key;
        }
        if (had.title !== title) {
          had.feature.set('name', title);
          had.title = title;
        }
        continue;
      }
      const feature = new Feature({ geometry: new Point(fromLonLat([p.lng, p.lat])), name: title, pointId: p.id, mapPoint: p });
      feature.setStyle(liveStyle(p));
      source.addFeature(feature);
      known.set(p.id, { feature, lat: p.lat, lng: p.lng, key, title });
    }
    for (const [id, { feature }] of known) {
      if (seen.has(id)) continue;
      source.removeFeature(feature);
      known.delete(id);
    }
    const map = mapRef.current;
    if (map && !fittedRef.current && points.length > 0) {
      fittedRef.current = true;
      map.getView().fit(boundingExtent(points.map((p) => fromLonLat([p.lng, p.lat]))), { padding: [40, 40, 40, 40], maxZoom: 15, duration: 0 });
    }
  }, [live, points]);

  useEffect(() => {
    if (live) return;
    const source = sourceRef.current;
    source.clear();
    const loose = looseRef.current;
    loose.clear();
    const coords = points.map((p) => fromLonLat([p.lng, p.lat]));
    for (const l of lines ?? []) {
      if (l.path.length < 2) continue;
      const f = new Feature({ geometry: new LineString(l.path.map((q) => fromLonLat([q.lng, q.lat]))) });
      f.setStyle(new Style({ stroke: new Stroke({ color: l.color, width: 4 }) }));
      source.addFeature(f);
    }
    points.forEach((p, i) => {
      const f = new Feature({ geometry: new Point(coords[i] as number[]), name: p.title ?? p.label, pointId: p.id, mapPoint: p });
      if (p.cluster) {
        loose.addFeature(f);
        return;
      }
      f.setStyle(style(p));
      source.addFeature(f);
    });
    const map = mapRef.current;
    if (map && coords.length > 0) map.getView().fit(boundingExtent(coords), { padding: [40, 40, 40, 40], maxZoom: 16, duration: 0 });
  }, [live, points, lines]);

  return <div ref={ref} role="region" aria-label={ariaLabel} data-testid="map" style={{ width: '100%', height, borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }} />;
}
