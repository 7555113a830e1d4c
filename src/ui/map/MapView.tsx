/**
 * The one map wrapper of the app (OpenLayers): numbered markers over the configured tiles
 * (src/data/tileSource.ts: OpenStreetMap by default, with its attribution always shown), fitted
 * to the points. Every screen that shows a map uses it; it is loaded lazily (LazyMap) so the
 * map library is only downloaded where a map is shown. Without connection the service worker
 * answers with the tiles seen before and today's route area (sw/tiles.ts); tiles never seen
 * are missing, but the markers and their order still show.
 */
import { useEffect, useRef } from 'react';
import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import OSM from 'ol/source/OSM';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import LineString from 'ol/geom/LineString';
import { fromLonLat } from 'ol/proj';
import { boundingExtent } from 'ol/extent';
import DragBox from 'ol/interaction/DragBox';
import { platformModifierKeyOnly } from 'ol/events/condition';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { TILE_URL } from '../../data/tileSource';

export interface MapPoint {
  readonly id: string;
  readonly lat: number;
  readonly lng: number;
  /** Short text inside the marker (the stop number). */
  readonly label: string;
  readonly color?: string;
  readonly title?: string;
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
}

function style(p: MapPoint): Style {
  return new Style({
    image: new Circle({ radius: 13, fill: new Fill({ color: p.color ?? '#0b7285' }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
    text: new Text({ text: p.label, fill: new Fill({ color: '#fff' }), font: 'bold 12px system-ui, sans-serif' }),
  });
}

export default function MapView({ points, lines, height = 320, ariaLabel, onPick, onPointClick, onBoxSelect }: MapViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const mapRef = useRef<OlMap | null>(null);
  const sourceRef = useRef(new VectorSource());

  useEffect(() => {
    if (!ref.current) return undefined;
    const map = new OlMap({
      target: ref.current,
      layers: [new TileLayer({ source: new OSM({ url: TILE_URL }) }), new VectorLayer({ source: sourceRef.current })],
      view: new View({ center: fromLonLat([-3.7038, 40.4168]), zoom: 12 }),
    });
    mapRef.current = map;
    return () => {
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
      map.forEachFeatureAtPixel(e.pixel, (f) => {
        const id = f.get('pointId') as string | undefined;
        if (id === undefined) return false;
        onPointClick(id, { shift: e.originalEvent instanceof MouseEvent && e.originalEvent.shiftKey });
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
      sourceRef.current.forEachFeatureIntersectingExtent(box.getGeometry().getExtent(), (f) => {
        const id = f.get('pointId') as string | undefined;
        if (id !== undefined) ids.push(id);
      });
      onBoxSelectRef.current?.(ids);
    });
    map.addInteraction(box);
    return () => {
      map.removeInteraction(box);
    };
  }, [boxSelectable]);

  useEffect(() => {
    const source = sourceRef.current;
    source.clear();
    const coords = points.map((p) => fromLonLat([p.lng, p.lat]));
    for (const l of lines ?? []) {
      if (l.path.length < 2) continue;
      const f = new Feature({ geometry: new LineString(l.path.map((q) => fromLonLat([q.lng, q.lat]))) });
      f.setStyle(new Style({ stroke: new Stroke({ color: l.color, width: 4 }) }));
      source.addFeature(f);
    }
    points.forEach((p, i) => {
      const f = new Feature({ geometry: new Point(coords[i] as number[]), name: p.title ?? p.label, pointId: p.id });
      f.setStyle(style(p));
      source.addFeature(f);
    });
    const map = mapRef.current;
    if (map && coords.length > 0) map.getView().fit(boundingExtent(coords), { padding: [40, 40, 40, 40], maxZoom: 16, duration: 0 });
  }, [points, lines]);

  return <div ref={ref} role="img" aria-label={ariaLabel} data-testid="map" style={{ width: '100%', height, borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }} />;
}
