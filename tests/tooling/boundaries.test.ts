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
