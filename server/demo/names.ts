/**
 * Word lists for believable Spanish (and, in Barcelona, Catalan) names of people and
 * businesses. Invented combinations: any likeness to a real business is a coincidence.
 */
import type { CityKey } from './places';
import type { Rng } from '../../src/domain/prng';

export const FIRST_NAMES: Readonly<Record<CityKey, readonly string[]>> = {
  madrid: [
    'Lucía', 'María', 'Carmen', 'Laura', 'Marta', 'Paula', 'Sara', 'Elena', 'Ana', 'Cristina', 'Irene', 'Alba',
    'Raquel', 'Beatriz', 'Rocío', 'Nuria', 'Patricia', 'Silvia', 'Javier', 'David', 'Daniel', 'Carlos', 'Pablo',
    'Sergio', 'Alejandro', 'Miguel', 'Álvaro', 'Adrián', 'Rubén', 'Diego', 'Jorge', 'Iván', 'Raúl', 'Manuel',
    'Antonio', 'José', 'Fernando', 'Luis', 'Alberto', 'Hugo',
  ],
  barcelona: [
    'Jordi', 'Marc', 'Pau', 'Pol', 'Arnau', 'Oriol', 'Xavier', 'Albert', 'Joan', 'Sergi', 'Guillem', 'Jaume',
    'Àlex', 'Eric', 'Carlos', 'David', 'Núria', 'Laia', 'Montse', 'Mireia', 'Marta', 'Anna', 'Clara', 'Júlia',
    'Roser', 'Carla', 'Martina', 'Gemma', 'Meritxell', 'Laura', 'Cristina', 'Elena', 'Ariadna', 'Berta',
  ],
};

export const SURNAMES: Readonly<Record<CityKey, readonly string[]>> = {
  madrid: [
    'García', 'Martínez', 'López', 'Sánchez', 'Fernández', 'González', 'Rodríguez', 'Pérez', 'Gómez', 'Martín',
    'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Navarro', 'Torres',
    'Domínguez', 'Gil', 'Vázquez', 'Serrano', 'Ramos', 'Blanco', 'Molina', 'Castro', 'Ortega', 'Rubio', 'Sanz',
    'Iglesias', 'Medina', 'Garrido', 'Cortés', 'Castillo', 'Santos', 'Lozano', 'Guerrero', 'Cano', 'Prieto',
    'Calvo', 'Herrera', 'Peña', 'Aguilar', 'Vega',
  ],
  barcelona: [
    'Puig', 'Vidal', 'Ferrer', 'Soler', 'Casals', 'Roca', 'Serra', 'Font', 'Pujol', 'Vila', 'Riera', 'Costa',
    'Sala', 'Mas', 'Bosch', 'Camps', 'Rovira', 'Coll', 'Prat', 'Torrent', 'Batlle', 'Badia', 'Sabaté', 'Farré',
    'García', 'Martínez', 'López', 'Sánchez', 'Fernández', 'Rodríguez', 'Pérez', 'Moreno', 'Navarro', 'Romero',
  ],
};

/** «Nombre Apellido Apellido». */
export function personName(rng: Rng, city: CityKey): string {
  const first = rng.pick(FIRST_NAMES[city]);
  const s1 = rng.pick(SURNAMES[city]);
  let s2 = rng.pick(SURNAMES[city]);
  if (s2 === s1) s2 = rng.pick(SURNAMES[city]);
  return `${first} ${s1} ${s2}`;
}

/** Cores of bar, restaurant and shop names. */
const CORES: Readonly<Record<CityKey, readonly string[]>> = {
  madrid: [
    'Casa Paco', 'El Rincón', 'La Esquina', 'Los Amigos', 'El Brillante', 'La Paloma', 'El Madroño', 'Casa Julián',
    'La Gloria', 'El Parque', 'Los Arcos', 'La Plaza', 'Casa Lola', 'El Sur', 'La Castiza', 'El Gato Negro',
    'Manolo', 'La Mancha', 'Casa Toni', 'El Pilar', 'La Bodeguita', 'El Portal', 'Las Tres Hermanas', 'El Chaflán',
    'La Fuente', 'Casa Ramón', 'El Buen Gusto', 'La Terraza', 'El Molino', 'La Perla',
  ],
  barcelona: [
    'Can Manel', 'Cal Tonet', 'La Cantonada', 'El Racó', 'Els Amics', 'La Plaça', 'El Forn', 'La Lluna', 'Can Vidal',
    'El Mercat', 'La Font', 'Cal Sisquet', 'El Casal', "L'Estrella", 'Sol i Lluna', 'Can Jordi', 'La Rambleta',
    'El Xamfrà', 'Cal Pepet', 'La Parra', 'El Portal', 'Ca la Núria', 'La Masia', 'El Tast', 'Can Roig',
  ],
};

const PREFIXES: Readonly<Record<CityKey, Readonly<Record<'bar' | 'restaurant' | 'shop' | 'office', readonly string[]>>>> = {
  madrid: {
    bar: ['Bar', 'Cervecería', 'Taberna', 'Cafetería', 'Café', 'Bar'],
    restaurant: ['Restaurante', 'Mesón', 'Asador', 'Casa de comidas', 'Arrocería', 'Restaurante'],
    shop: ['Alimentación', 'Supermercado', 'Frutería', 'Ultramarinos', 'Panadería', 'Autoservicio', 'Minimarket'],
    office: ['Gestoría', 'Asesoría', 'Coworking', 'Oficinas', 'Estudio'],
  },
  barcelona: {
    bar: ['Bar', 'Cerveseria', 'Bodega', 'Cafeteria', 'Granja', 'Bar'],
    restaurant: ['Restaurant', 'Taverna', 'Braseria', 'Arrosseria', 'Casa de menjars', 'Restaurant'],
    shop: ['Queviures', 'Supermercat', 'Fruiteria', 'Forn de pa', 'Colmado', 'Autoservei', 'Minimarket'],
    office: ['Gestoria', 'Assessoria', 'Coworking', 'Oficines', 'Estudi'],
  },
};

const LAB_PREFIXES: Readonly<Record<CityKey, readonly string[]>> = {
  madrid: ['Centro Médico', 'Clínica', 'Policlínica', 'Centro de Análisis Clínicos', 'Punto de extracción Synlab', 'Clínica Dental'],
  barcelona: ['Centre Mèdic', 'Clínica', 'Policlínica', "Centre d'Anàlisis Clíniques", "Punt d'extracció Synlab", 'Clínica Dental'],
};

export type PointKind = 'shop' | 'bar' | 'restaurant' | 'lab' | 'pharmacy' | 'office' | 'home';

/** A believable name for a delivery point of a kind in a neighbourhood. */
export function businessName(rng: Rng, city: CityKey, kind: PointKind, barrio: string): string {
  const surname = rng.pick(SURNAMES[city]);
  switch (kind) {
    case 'bar':
    case 'restaurant':
      return `${rng.pick(PREFIXES[city][kind])} ${rng.pick(CORES[city])}`;
    case 'shop':
      return rng.chance(0.5)
        ? `${rng.pick(PREFIXES[city].shop)} ${surname}`
        : `${rng.pick(PREFIXES[city].shop)} ${rng.pick(CORES[city])}`;
    case 'pharmacy':
      return city === 'barcelona' ? `Farmàcia ${surname}` : `Farmacia ${surname} ${rng.pick(SURNAMES[city])}`;
    case 'lab':
      return rng.chance(0.6) ? `${rng.pick(LAB_PREFIXES[city])} ${barrio}` : `${rng.pick(LAB_PREFIXES[city])} ${surname}`;
    case 'office': {
      const prefix = rng.pick(PREFIXES[city].office);
      return prefix.startsWith('Cowork') ? `${prefix} ${barrio}` : `${prefix} ${surname}${rng.chance(0.4) ? ' y Asociados' : ''}`;
    }
    case 'home':
      return `Domicilio ${personName(rng, city)}`;
  }
}

/** Notes an operator writes on a delivery point. */
export const POINT_NOTES: readonly string[] = [
  'Carga y descarga en la esquina.',
  'Entrar por la puerta lateral.',
  'Dejar la mercancía en el almacén; preguntar por el encargado.',
  'Timbre del portal: 2.º B.',
  'No llegar antes de la hora de apertura.',
  'Rampa de acceso para la bici en el patio.',
  'Llamar al llegar; el local está en el sótano.',
  'Firma siempre el encargado de turno.',
];

/** Notes of orders. */
export const ORDER_NOTES: readonly string[] = [
  'Llamar antes de llegar.',
  'Entregar por la puerta trasera.',
  'El cliente pide albarán en papel.',
  'Dejar en cámara frigorífica.',
  'Pedido urgente: primera hora.',
  'Horario estricto: no entregar fuera de la franja.',
];
