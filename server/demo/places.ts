/**
 * Places of the demo operation: the two cities, their hubs and real streets (with an approximate
 * position on the street, its postal code and its neighbourhood), and the limits generated
 * points must stay in.
 *
 * The positions are approximations good to a few hundred metres: enough for a believable map,
 * not a geocoder.
 */

export type CityKey = 'madrid' | 'barcelona';

export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

export interface CityDef {
  readonly key: CityKey;
  readonly name: string;
  /** Landline prefix of the city (after +34). */
  readonly phonePrefix: string;
  /** Reference point of the city limits (Puerta del Sol, Plaça de Catalunya). */
  readonly center: LatLng;
  /** Points are «inside the city» within this distance of `center`. */
  readonly radiusM: number;
  /** Street type words of the addresses («Calle», «Carrer»). */
  readonly language: 'es' | 'ca';
}

export const CITIES: Readonly<Record<CityKey, CityDef>> = {
  madrid: {
    key: 'madrid',
    name: 'Madrid',
    phonePrefix: '91',
    center: { lat: 40.4168, lng: -3.7038 },
    radiusM: 5000,
    language: 'es',
  },
  barcelona: {
    key: 'barcelona',
    name: 'Barcelona',
    phonePrefix: '93',
    center: { lat: 41.3874, lng: 2.1686 },
    radiusM: 4000,
    language: 'ca',
  },
};

/**
 * Barcelona's coastline, approximated by the line through these two points (Montjuïc port →
 * Poblenou beaches); land is on the north-west side.
 */
export const BARCELONA_COAST: readonly [LatLng, LatLng] = [
  { lat: 41.352, lng: 2.16 },
  { lat: 41.41, lng: 2.225 },
];

export interface HubDef {
  readonly number: number;
  readonly id: string;
  /** Short code used in bike and route codes (MAD1, BCN2…). */
  readonly code: string;
  readonly name: string;
  /** Short name for route names («Arganzuela»). */
  readonly shortName: string;
  readonly city: CityKey;
  readonly address: string;
  readonly lat: number;
  readonly lng: number;
  readonly opens: string;
  readonly closes: string;
  readonly phone: string;
}

export const HUBS: readonly HubDef[] = [
  {
    number: 1,
    id: 'hub-1',
    code: 'MAD1',
    name: 'Hub Madrid Arganzuela',
    shortName: 'Arganzuela',
    city: 'madrid',
    address: 'Paseo de las Delicias, 65, 28045 Madrid',
    lat: 40.397,
    lng: -3.695,
    opens: '06:30',
    closes: '20:00',
    phone: '+34 910 57 23 10',
  },
  {
    number: 2,
    id: 'hub-2',
    code: 'MAD2',
    name: 'Hub Madrid Chamberí',
    shortName: 'Chamberí',
    city: 'madrid',
    address: 'Calle de Luchana, 38, 28010 Madrid',
    lat: 40.434,
    lng: -3.704,
    opens: '07:00',
    closes: '20:00',
    phone: '+34 910 57 23 20',
  },
  {
    number: 3,
    id: 'hub-3',
    code: 'BCN1',
    name: 'Hub Barcelona Poblenou',
    shortName: 'Poblenou',
    city: 'barcelona',
    address: 'Carrer de Pere IV, 145, 08005 Barcelona',
    lat: 41.403,
    lng: 2.199,
    opens: '06:30',
    closes: '20:00',
    phone: '+34 930 18 44 30',
  },
  {
    number: 4,
    id: 'hub-4',
    code: 'BCN2',
    name: 'Hub Barcelona Sants',
    shortName: 'Sants',
    city: 'barcelona',
    address: 'Carrer de Numància, 16, 08029 Barcelona',
    lat: 41.379,
    lng: 2.14,
    opens: '07:00',
    closes: '20:00',
    phone: '+34 930 18 44 40',
  },
];

/** A real street, one approximate position on it, its postal code and neighbourhood. */
export interface StreetAnchor {
  readonly street: string;
  readonly lat: number;
  readonly lng: number;
  readonly postalCode: string;
  readonly barrio: string;
}

type Row = readonly [street: string, lat: number, lng: number, postalCode: string, barrio: string];
const anchors = (rows: readonly Row[]): StreetAnchor[] =>
  rows.map(([street, lat, lng, postalCode, barrio]) => ({ street, lat, lng, postalCode, barrio }));

export const STREETS: Readonly<Record<CityKey, readonly StreetAnchor[]>> = {
  madrid: anchors([
    ['Calle de Alcalá', 40.4185, -3.6985, '28014', 'Cibeles'],
    ['Calle de Alcalá', 40.4235, -3.676, '28009', 'Goya'],
    ['Calle de Alcalá', 40.43, -3.664, '28028', 'Ventas'],
    ['Gran Vía', 40.4203, -3.7058, '28013', 'Sol'],
    ['Calle de Fuencarral', 40.4255, -3.7015, '28004', 'Malasaña'],
    ['Calle de Fuencarral', 40.433, -3.7025, '28010', 'Trafalgar'],
    ['Calle de Hortaleza', 40.4235, -3.6985, '28004', 'Chueca'],
    ['Calle Mayor', 40.4155, -3.7095, '28013', 'Sol'],
    ['Calle de Atocha', 40.4125, -3.699, '28012', 'Antón Martín'],
    ['Calle de Toledo', 40.4085, -3.711, '28005', 'La Latina'],
    ['Calle de Embajadores', 40.4045, -3.702, '28012', 'Embajadores'],
    ['Calle de Embajadores', 40.398, -3.6975, '28045', 'Delicias'],
    ['Calle de Argumosa', 40.4085, -3.6965, '28012', 'Lavapiés'],
    ['Calle de Lavapiés', 40.4095, -3.701, '28012', 'Lavapiés'],
    ['Calle de la Ribera de Curtidores', 40.408, -3.707, '28005', 'Rastro'],
    ['Calle de Segovia', 40.414, -3.713, '28005', 'La Latina'],
    ['Calle de Bailén', 40.4165, -3.714, '28013', 'Palacio'],
    ['Calle de San Bernardo', 40.4255, -3.707, '28015', 'Universidad'],
    ['Calle de Preciados', 40.419, -3.7055, '28013', 'Sol'],
    ['Calle del Arenal', 40.4175, -3.7085, '28013', 'Ópera'],
    ['Calle de las Huertas', 40.414, -3.6985, '28014', 'Barrio de las Letras'],
    ['Calle de Pelayo', 40.423, -3.6965, '28004', 'Chueca'],
    ['Calle de Sagasta', 40.4275, -3.699, '28004', 'Bilbao'],
    ['Calle de Santa Engracia', 40.438, -3.7, '28010', 'Ríos Rosas'],
    ['Calle de Luchana', 40.431, -3.703, '28010', 'Trafalgar'],
    ['Calle de Alberto Aguilera', 40.4295, -3.712, '28015', 'Argüelles'],
    ['Calle de la Princesa', 40.429, -3.716, '28008', 'Argüelles'],
    ['Calle de Ferraz', 40.4265, -3.718, '28008', 'Argüelles'],
    ['Calle del Marqués de Urquijo', 40.4295, -3.7185, '28008', 'Argüelles'],
    ['Calle de Blasco de Garay', 40.4335, -3.712, '28015', 'Gaztambide'],
    ['Calle de Cea Bermúdez', 40.439, -3.71, '28003', 'Arapiles'],
    ['Calle de Alonso Cano', 40.44, -3.6995, '28003', 'Ríos Rosas'],
    ['Calle de José Abascal', 40.4385, -3.695, '28003', 'Almagro'],
    ['Calle de Ríos Rosas', 40.442, -3.6975, '28003', 'Ríos Rosas'],
    ['Calle de Raimundo Fernández Villaverde', 40.446, -3.6945, '28003', 'Cuatro Caminos'],
    ['Calle de Bravo Murillo', 40.449, -3.7035, '28020', 'Tetuán'],
    ['Calle de Orense', 40.4505, -3.6945, '28020', 'Azca'],
    ['Paseo de la Castellana', 40.4455, -3.691, '28046', 'Nuevos Ministerios'],
    ['Calle de Serrano', 40.4285, -3.6865, '28001', 'Salamanca'],
    ['Calle de Velázquez', 40.4295, -3.683, '28001', 'Salamanca'],
    ['Calle de Goya', 40.4245, -3.678, '28001', 'Goya'],
    ['Calle de Ayala', 40.429, -3.6805, '28001', 'Salamanca'],
    ['Calle de José Ortega y Gasset', 40.4305, -3.68, '28006', 'Lista'],
    ['Calle de Diego de León', 40.435, -3.679, '28006', 'Lista'],
    ['Calle del Príncipe de Vergara', 40.436, -3.677, '28006', 'Lista'],
    ['Calle de María de Molina', 40.438, -3.685, '28006', 'Castellana'],
    ['Calle de López de Hoyos', 40.44, -3.673, '28002', 'Prosperidad'],
    ["Calle de O'Donnell", 40.421, -3.67, '28009', 'Retiro'],
    ['Calle de Narváez', 40.42, -3.674, '28009', 'Ibiza'],
    ['Calle de Ibiza', 40.4185, -3.6725, '28009', 'Ibiza'],
    ['Calle del Doctor Esquerdo', 40.417, -3.669, '28007', 'Pacífico'],
    ['Avenida de Menéndez Pelayo', 40.413, -3.6775, '28009', 'Retiro'],
    ['Avenida de la Ciudad de Barcelona', 40.4045, -3.677, '28007', 'Pacífico'],
    ['Calle de Méndez Álvaro', 40.3995, -3.6835, '28045', 'Méndez Álvaro'],
    ['Paseo de las Delicias', 40.4, -3.694, '28045', 'Delicias'],
    ['Paseo de Santa María de la Cabeza', 40.3985, -3.6995, '28045', 'Palos de la Frontera'],
    ['Paseo de la Chopera', 40.3945, -3.6985, '28045', 'Legazpi'],
    ['Paseo de Yeserías', 40.399, -3.7085, '28005', 'Imperial'],
    ['Calle de Marcelo Usera', 40.387, -3.7045, '28026', 'Usera'],
    ['Calle del General Ricardos', 40.39, -3.726, '28019', 'Opañel'],
    ['Calle de Antonio López', 40.394, -3.715, '28019', 'Comillas'],
    ['Paseo de Extremadura', 40.4105, -3.729, '28011', 'Puerta del Ángel'],
  ]),
  barcelona: anchors([
    ['Carrer de Balmes', 41.3955, 2.1565, '08008', "Antiga Esquerra de l'Eixample"],
    ["Carrer d'Aragó", 41.3945, 2.168, '08009', "Dreta de l'Eixample"],
    ['Carrer de Mallorca', 41.3965, 2.164, '08008', "Dreta de l'Eixample"],
    ['Carrer de Mallorca', 41.4035, 2.1745, '08013', 'Sagrada Família'],
    ['Carrer de València', 41.3925, 2.1585, '08011', "Antiga Esquerra de l'Eixample"],
    ['Carrer de Provença', 41.3905, 2.152, '08036', "Antiga Esquerra de l'Eixample"],
    ['Carrer del Consell de Cent', 41.3865, 2.1585, '08011', "Antiga Esquerra de l'Eixample"],
    ['Carrer de Sepúlveda', 41.3785, 2.159, '08015', 'Sant Antoni'],
    ['Carrer del Comte Borrell', 41.3805, 2.1595, '08015', 'Sant Antoni'],
    ['Carrer de Muntaner', 41.3915, 2.1535, '08036', "Antiga Esquerra de l'Eixample"],
    ["Carrer d'Aribau", 41.3895, 2.1585, '08011', "Antiga Esquerra de l'Eixample"],
    ["Carrer d'Enric Granados", 41.3925, 2.159, '08008', "Antiga Esquerra de l'Eixample"],
    ['Passeig de Sant Joan', 41.397, 2.1735, '08009', "Dreta de l'Eixample"],
    ['Carrer de Girona', 41.395, 2.171, '08009', "Dreta de l'Eixample"],
    ['Carrer de Bailèn', 41.3965, 2.173, '08037', "Dreta de l'Eixample"],
    ['Carrer de la Diputació', 41.3895, 2.169, '08010', "Dreta de l'Eixample"],
    ['Carrer de Casp', 41.3915, 2.1735, '08010', 'Fort Pienc'],
    ['Carrer de Sardenya', 41.401, 2.178, '08013', 'Sagrada Família'],
    ['Carrer de la Marina', 41.3985, 2.1815, '08013', 'Sagrada Família'],
    ['Carrer de Sicília', 41.4, 2.173, '08013', 'Sagrada Família'],
    ['Avinguda Meridiana', 41.404, 2.1845, '08018', 'El Clot'],
    ['Carrer de Pujades', 41.3985, 2.1975, '08005', 'Poblenou'],
    ['Rambla del Poblenou', 41.4, 2.203, '08005', 'Poblenou'],
    ['Carrer de Pallars', 41.4005, 2.1955, '08018', 'Poblenou'],
    ['Carrer de Badajoz', 41.401, 2.197, '08005', 'Poblenou'],
    ['Carrer de Llull', 41.3995, 2.2005, '08005', 'Poblenou'],
    ["Carrer de Sancho d'Àvila", 41.3975, 2.1885, '08018', 'Parc i la Llacuna'],
    ['Carrer dels Almogàvers', 41.396, 2.19, '08018', 'Parc i la Llacuna'],
    ['Carrer de la Princesa', 41.386, 2.18, '08003', 'Born'],
    ['Via Laietana', 41.385, 2.177, '08003', 'Gòtic'],
    ['Carrer de Ferran', 41.3815, 2.175, '08002', 'Gòtic'],
    ["Carrer de l'Hospital", 41.38, 2.17, '08001', 'Raval'],
    ['Carrer del Carme', 41.3815, 2.169, '08001', 'Raval'],
    ['Carrer de Sant Pau', 41.378, 2.1705, '08001', 'Raval'],
    ['Carrer Nou de la Rambla', 41.3765, 2.17, '08001', 'Raval'],
    ['Carrer del Parlament', 41.376, 2.163, '08015', 'Sant Antoni'],
    ['Carrer de Blai', 41.3735, 2.163, '08004', 'Poble-sec'],
    ['Avinguda del Paral·lel', 41.3745, 2.1655, '08004', 'Poble-sec'],
    ['Carrer de Tamarit', 41.377, 2.157, '08015', 'Sant Antoni'],
    ['Carrer de Viladomat', 41.381, 2.1545, '08015', 'Sant Antoni'],
    ['Carrer de Sants', 41.376, 2.137, '08014', 'Sants'],
    ['Carrer de Numància', 41.385, 2.1395, '08029', 'Les Corts'],
    ['Carrer de Vallespir', 41.38, 2.1365, '08014', 'Sants'],
    ['Carrer de Tarragona', 41.379, 2.1435, '08015', 'Hostafrancs'],
    ['Gran Via de les Corts Catalanes', 41.376, 2.15, '08015', 'Hostafrancs'],
    ['Carrer de Joan Güell', 41.382, 2.133, '08028', 'Les Corts'],
    ['Carrer Gran de Gràcia', 41.401, 2.153, '08012', 'Gràcia'],
    ['Carrer de Verdi', 41.404, 2.1575, '08012', 'Gràcia'],
    ['Travessera de Gràcia', 41.4, 2.1575, '08012', 'Gràcia'],
    ["Carrer del Torrent de l'Olla", 41.403, 2.1565, '08012', 'Gràcia'],
    ['Carrer de Còrsega', 41.396, 2.1575, '08008', "Antiga Esquerra de l'Eixample"],
    ['Carrer de París', 41.3895, 2.147, '08029', "Nova Esquerra de l'Eixample"],
    ['Carrer del Rosselló', 41.3935, 2.1525, '08036', "Antiga Esquerra de l'Eixample"],
    ['Carrer de Londres', 41.3915, 2.1475, '08029', "Nova Esquerra de l'Eixample"],
    ['Avinguda de Roma', 41.382, 2.147, '08015', "Nova Esquerra de l'Eixample"],
  ]),
};

// ── Geometry ─────────────────────────────────────────────────────────────────────────────────

const EARTH_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const dLat = (bLat - aLat) * DEG;
  const dLng = (bLng - aLng) * DEG;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * DEG) * Math.cos(bLat * DEG) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

/**
 * Signed distance in metres from Barcelona's approximate coastline: positive on the land
 * (north-west) side, negative at sea.
 */
export function barcelonaCoastSideM(lat: number, lng: number): number {
  const [a, b] = BARCELONA_COAST;
  const kx = Math.cos(((a.lat + b.lat) / 2) * DEG) * 111_320; // metres per degree of longitude
  const ky = 110_574; // metres per degree of latitude
  const dx = (b.lng - a.lng) * kx;
  const dy = (b.lat - a.lat) * ky;
  const px = (lng - a.lng) * kx;
  const py = (lat - a.lat) * ky;
  return (dx * py - dy * px) / Math.hypot(dx, dy);
}

/**
 * Whether a position is inside the demo limits of a city: within its radius of the city centre
 * and, in Barcelona, on the land side of the coastline. `marginM` shrinks the area (generated
 * points keep a margin so rounding never puts them outside).
 */
export function isInsideCity(city: CityKey, lat: number, lng: number, marginM = 0): boolean {
  const def = CITIES[city];
  if (distanceM(def.center.lat, def.center.lng, lat, lng) > def.radiusM - marginM) return false;
  if (city === 'barcelona' && barcelonaCoastSideM(lat, lng) < marginM) return false;
  return true;
}

/** Hub number nearest to a position (ties go to the lower number). */
export function nearestHub(lat: number, lng: number, hubs: readonly HubDef[] = HUBS): number {
  let best = 0;
  let bestD = Infinity;
  for (const h of hubs) {
    const d = distanceM(lat, lng, h.lat, h.lng);
    if (d < bestD) {
      bestD = d;
      best = h.number;
    }
  }
  return best;
}
