/**
 * Spanish for the clients' order API: each problem of a request as «Línea 2, campo
 * «lineas[1].cantidad»: debe ser un número entero mayor que 0». The intake's problems use the
 * same sentences as a file import (intakeIssueMessage); only the place is said the JSON way.
 */
// The order API's texts (the server's and the functions' answers).
import './es/orderApi';
import type { ApiProblem } from '../domain/orderApi/answers';
import type { PlacedIssue, ShapeProblem } from '../domain/orderApi/check';
import { hasMessage, t, type MessageKey } from './index';
import { intakeIssueMessage } from './intake';

function typeWord(name: unknown): string {
  const key = `orderApi.type.${String(name)}`;
  return hasMessage(key) ? t(key) : String(name);
}

/** «Línea 2, campo «lineas[1].cantidad»», «Campo «fecha_entrega»» or «Pedido». */
export function apiPlace(path: string, line: number | null): string {
  if (path === '') return t('orderApi.where.order');
  return line === null ? t('orderApi.where.field', { path }) : t('orderApi.where.line', { line, path });
}

export function shapeProblemMessage(p: ShapeProblem): string {
  let key: MessageKey = `orderApi.shape.${p.code}`;
  if (p.code === 'format' && (p.vars.format === 'date' || p.vars.format === 'time')) key = `orderApi.shape.format_${p.vars.format}`;
  const vars = { ...p.vars, expected: typeWord(p.vars.expected), received: typeWord(p.vars.received) };
  return t(key, vars);
}

export function apiShapeProblems(problems: readonly ShapeProblem[]): ApiProblem[] {
  return problems.map((p) => ({ path: p.path, line: p.line, code: p.code, message: `${apiPlace(p.path, p.line)}: ${shapeProblemMessage(p)}` }));
}

export function apiIntakeProblems(issues: readonly PlacedIssue[]): ApiProblem[] {
  return issues.map((p) => ({ path: p.path, line: p.line, code: p.issue.code, message: `${apiPlace(p.path, p.line)}: ${intakeIssueMessage(p.issue)}` }));
}
