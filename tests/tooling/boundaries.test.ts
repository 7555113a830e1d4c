import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function messages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.message);
}

describe('lint boundaries', () => {
  it('keeps src/domain pure', async () => {
    expect(await messages("import { useState } from 'react';\nexport const x = useState;\n", 'src/domain/x.ts')).toEqual(
      expect.arrayContaining([expect.stringContaining('src/domain is pure')]),
    );
    expect(await messages("import { z } from 'zod';\nexport const s = z.string();\n", 'src/domain/x.ts')).toEqual([]);
  });

  it('lets only src/data import rxdb', async () => {
    const code = "import { createRxDatabase } from 'rxdb';\nexport const c = createRxDatabase;\n";
    expect(await messages(code, 'src/ui/x.ts')).toEqual(
      expect.arrayContaining([expect.stringContaining('Only src/data may import rxdb')]),
    );
    expect(await messages(code, 'src/data/x.ts')).toEqual([]);
  });

  it('keeps features apart and shared code away from features', async () => {
    const code = "import { a } from '../picking/a';\nexport const b = a;\n";
    expect(await messages(code, 'src/features/delivery/x.ts')).toEqual(
      expect.arrayContaining([expect.stringContaining('may not import feature «picking»')]),
    );
    expect(await messages("import { a } from '../features/picking/a';\nexport const b = a;\n", 'src/ui/x.ts')).toEqual(
      expect.arrayContaining([expect.stringContaining('Shared code (src/ui) may not import src/features')]),
    );
  });

  it('puts the route table below the features with no exception; the router stays above them (issue 30 §5)', async () => {
    const link = "import { href } from '../../links/registry';\nexport const h = href;\n";
    expect(await messages(link, 'src/features/orders/x.ts')).toEqual([]);
    expect(await messages("import { href } from '../links/registry';\nexport const h = href;\n", 'src/ui/x.ts')).toEqual([]);
    expect(await messages("import { router } from '../../routes/router';\nexport const r = router;\n", 'src/features/orders/x.ts')).toEqual(
      expect.arrayContaining([expect.stringContaining('src/features may not import the higher layer src/routes')]),
    );
    expect(await messages("import { theme } from '../ui/theme';\nexport const t = theme;\n", 'src/links/x.ts')).toEqual(
      expect.arrayContaining([expect.stringContaining('src/links may not import the higher layer src/ui')]),
    );
  });

  it('orders the layers: domain < backend < data < ui', async () => {
    const upward = "import { appStore } from '../../data/appStore';\nexport const s = appStore;\n";
    expect(await messages(upward, 'src/backend/server/x.ts')).toEqual(
      expect.arrayContaining([expect.stringContaining('src/backend may not import the higher layer src/data')]),
    );
    expect(await messages("import { theme } from '../ui/theme';\nexport const t = theme;\n", 'src/data/x.ts')).toEqual(
      expect.arrayContaining([expect.stringContaining('src/data may not import the higher layer src/ui')]),
    );
    // Above the seam only the interface is visible: implementations are made in src/main.tsx.
    expect(await messages("import { createServerBackend } from '../backend/server';\nexport const c = createServerBackend;\n", 'src/data/x.ts')).toEqual(
      expect.arrayContaining([expect.stringContaining('src/data sees the backend only through its interface')]),
    );
    // Downward imports are the normal direction.
    expect(await messages("import type { Backend } from '../backend/types';\nexport type B = Backend;\n", 'src/data/x.ts')).toEqual([]);
  });

  it('fails on an import cycle', async () => {
    // src/data/session.ts imports ./engine: an engine that imports the session closes a cycle.
    const code = "import { useSession } from './session';\nexport const s = useSession;\n";
    expect(await messages(code, 'src/data/engine.ts')).toEqual(
      expect.arrayContaining([expect.stringContaining('Import cycle (type-only imports count too): src/data/engine.ts → src/data/session.ts → src/data/engine.ts')]),
    );
    expect(await messages(code, 'src/data/y.ts')).toEqual([]);
  });

  it('fails on an import cycle closed by a type-only import (issue 30 §6)', async () => {
    const code = "import type { SessionState } from './session';\nexport type S = SessionState;\n";
    const session = (await import('node:fs')).readFileSync('src/data/session.ts', 'utf8');
    expect(session).toMatch(/from '\.\/engine'/);
    expect(await messages(code, 'src/data/engine.ts')).toEqual(expect.arrayContaining([expect.stringContaining('Import cycle (type-only imports count too)')]));
    expect(await messages(code, 'src/data/y.ts')).toEqual([]);
  });

  it('forbids «/…» string literals as link targets in features (build them with href)', async () => {
    const rule = 'Build link targets with href(id, params)';
    const code = [
      "import { Link, useNavigate } from '@tanstack/react-router';",
      "import { href } from '../../links/registry';",
      'export function A({ id }: { id: string }) {',
      '  const navigate = useNavigate();',
      "  void navigate({ to: '/orders' });",
      '  void navigate({ to: `/edit-order/${id}` });',
      "  return <Link to={id ? '/orders' : href('home')}>a</Link>;",
      '}',
      "export const config = { paths: { list: '/bike', edit: (x: string) => `/bike/bike-formulario/${x}` } };",
      'export function B() {',
      '  return <Link to="/x">b</Link>;',
      '}',
      '',
    ].join('\n');
    const found = await messages(code, 'src/features/orders/x.tsx');
    expect(found.filter((m) => m.startsWith(rule))).toHaveLength(6);
    const typed = [
      "import { Link, useNavigate } from '@tanstack/react-router';",
      "import { href } from '../../links/registry';",
      'export function A({ id }: { id: string }) {',
      '  const navigate = useNavigate();',
      "  void navigate({ to: href('editOrder', { id }) });",
      "  return <Link to={href('orders')}>a</Link>;",
      '}',
      '',
    ].join('\n');
    expect(await messages(typed, 'src/features/orders/x.tsx')).toEqual([]);
    // Only features: the registry itself writes the paths.
    expect((await messages("export const p = { to: '/orders' };\n", 'src/routes/x.ts')).filter((m) => m.startsWith(rule))).toEqual([]);
  });

  it('keeps screens off the database: queries come from src/data/queries.ts', async () => {
    const inline = "import { useLiveQuery } from '../../data/hooks';\nexport const useX = () => useLiveQuery((db) => db.orders.find({ selector: { date: '2026-01-01' } }), [], []);\n";
    expect(await messages(inline, 'src/features/orders/x.tsx')).toEqual([expect.stringContaining('Screens do not touch the database («db.orders»)')]);
    const one = "import { useEngine } from '../../data/hooks';\nexport const useX = (id: string) => useEngine()?.db.routes.findOne(id);\n";
    expect(await messages(one, 'src/features/delivery/x.tsx')).toEqual([expect.stringContaining('Screens do not touch the database («….db»)')]);
    const imported = "import type { CbDatabase } from '../../data/database';\nexport type D = CbDatabase;\n";
    expect(await messages(imported, 'src/features/orders/x.ts')).toEqual([expect.stringContaining('«src/data/database»')]);
    const through = "import { useLiveQuery } from '../../data/hooks';\nimport { ordersOfDay } from '../../data/queries';\nexport const useX = () => useLiveQuery((db) => ordersOfDay(db, '2026-01-01'), [], []);\n";
    expect(await messages(through, 'src/features/orders/x.tsx')).toEqual([]);
    expect(await messages(inline, 'src/data/x.ts')).toEqual([]);
  });
});
