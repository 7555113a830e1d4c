import { describe, expect, it } from 'vitest';
import { trackFor } from '../../src/ui/crud/EntityTable';

/**
 * Issue 28: a list column is never narrower than its header (its longest word, with the padding
 * and the sort icon), whatever width the screen configured. Without a canvas (here) the header's
 * width is estimated at 0.62 × 14 px a character.
 */
const min = (longest: string, sortable = true) => Math.ceil(longest.length * 14 * 0.62 + 20 + (sortable ? 18 : 0) + 2);

describe('trackFor: a list column and its header', () => {
  it('keeps a fixed width, but never under what its header needs', () => {
    expect(trackFor({ header: 'Líneas', width: '80px' })).toBe(`max(80px, ${min('Líneas')}px)`);
    expect(trackFor({ header: 'Líneas', width: '80px', sortable: false })).toBe(`max(80px, ${min('Líneas', false)}px)`);
  });

  it('gives a flexible column its header as a minimum', () => {
    expect(trackFor({ header: 'Cliente', width: '2fr' })).toBe(`minmax(${min('Cliente')}px, 2fr)`);
    expect(trackFor({ header: 'Cliente' })).toBe(`minmax(${min('Cliente')}px, 1fr)`);
    expect(trackFor({ header: 'Pedido', width: 'minmax(120px, 1fr)' })).toBe(`minmax(max(120px, ${min('Pedido')}px), 1fr)`);
  });

  it('counts a header of several words by its longest word (it wraps between words)', () => {
    expect(trackFor({ header: 'Salida prevista', width: '90px' })).toBe(`max(90px, ${min('prevista')}px)`);
    expect(trackFor({ header: 'Salida prevista', width: '90px' })).not.toBe(`max(90px, ${min('Salida prevista')}px)`);
  });

  it('leaves an automatic column alone', () => {
    expect(trackFor({ header: 'Acciones', width: 'auto' })).toBe('auto');
  });
});
