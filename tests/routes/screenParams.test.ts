/**
 * Issue 30 §5: a screen's parameters are typed from its route's path (src/ui/page/types.ts).
 * The checks are the compiler's (`npm run typecheck` covers tests): each `@ts-expect-error`
 * fails the typecheck if the line it marks ever compiles.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ScreenParams, ScreenProps } from '../../src/ui/page/types';
import { ROUTES } from '../../src/links/registry';

describe('screen parameters typed from the path', () => {
  it('a route’s screen gets exactly its path’s parameters', () => {
    expectTypeOf<ScreenParams<'userEdit'>>().toEqualTypeOf<{ readonly user_id: string }>();
    expectTypeOf<ScreenParams<'distributionStop'>>().toHaveProperty('riderId');
    expectTypeOf<ScreenProps>().toEqualTypeOf<{ readonly params: Readonly<Record<never, string>> }>();
    const edit = (p: ScreenProps<'userEdit'>) => p.params.user_id;
    // @ts-expect-error a parameter the path does not have
    const wrong = (p: ScreenProps<'userEdit'>) => p.params.id;
    // @ts-expect-error a screen of two routes reads a parameter only one of them has only after checking
    const shared = (p: ScreenProps<'distributionLoadOut' | 'distributionReceive'>) => p.params.route_id;
    expect([edit, wrong, shared].length).toBe(3);
    // The paths the types are read from are the registry's.
    expect(ROUTES.find((r) => r.id === 'userEdit')?.path).toBe('/user-edit/:user_id');
  });
});
