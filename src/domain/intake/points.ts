/**
 * The delivery point of an intake order: the existing one its row names (by reference, or by
 * address), or a new one «sin ubicación» made from the row's address, in the hub that serves it.
 * One chooser per plan: a new point named by several orders is made once.
 */
import type { DeliveryPoint } from '../entities/operation';
import { deliveryPointSchema } from '../entities/operation';
import type { Client } from '../entities/reference';
import { addressKey, refKey, type IntakeIndex } from './context';
import { normaliseText, type IntakeField } from './fields';
import { intakePointId } from './ids';
import type { IntakeIssue } from './issues';
import { issueAt, lineWindow, type Line, type PointInput } from './lines';
import type { Window } from './values';
import { fieldErrorText } from '../validation';

export type PointChoice = { readonly ok: true; readonly point: DeliveryPoint; readonly isNew: boolean } | { readonly ok: false; readonly issue: IntakeIssue };

const DEFAULT_HOURS: Window = { start: '09:00', end: '14:00' };

/** What choosing a point needs of the plan's options (PlanOptions has them). */
export interface PointOptions {
  readonly now: number;
  readonly defaultHours?: Window;
}

export class PointChooser {
  private readonly newPoints = new Map<string, DeliveryPoint>();

  constructor(
    private readonly index: IntakeIndex,
    private readonly opts: PointOptions,
  ) {}

  private hubFor(p: PointInput): number | null {
    const byPostal = this.index.hubByPostalCode.get(p.postal_code);
    if (byPostal !== undefined && this.index.hubs.has(byPostal)) return byPostal;
    const city = normaliseText(p.city);
    const sameCity = [...this.index.hubs.values()].filter((h) => normaliseText(h.city) === city).sort((a, b) => a.number - b.number)[0];
    if (sameCity) return sameCity.number;
    const byProvince = this.index.hubByProvince.get(p.postal_code.slice(0, 2));
    if (byProvince !== undefined && this.index.hubs.has(byProvince)) return byProvince;
    return null;
  }

  /** The existing point the line names, or a new one «sin ubicación» made from its address. */
  choosePoint(client: Client, line: Line): PointChoice {
    const p = line.point;
    const rec = line.rec;
    if (p.ref !== '') {
      const prefix = `${client.key.toLowerCase()}-`;
      const bare = p.ref.toLowerCase().startsWith(prefix) ? p.ref.slice(prefix.length) : p.ref;
      const found = this.index.pointsByRef.get(refKey(client.key, bare)) ?? this.index.pointsByRef.get(refKey(client.key, p.ref)) ?? [];
      const distinct = [...new Map(found.map((d) => [d.id, d])).values()];
      if (distinct.length > 1) return { ok: false, issue: issueAt(rec, 'point_ref', 'point_ambiguous', { ref: p.ref, count: distinct.length }) };
      const one = distinct[0];
      if (one) {
        if (!one.active) return { ok: false, issue: issueAt(rec, 'point_ref', 'point_inactive', { ref: p.ref, name: one.name }) };
        return { ok: true, point: one, isNew: false };
      }
    } else if (p.address !== '' && p.postal_code !== '') {
      const found = (this.index.pointsByAddress.get(addressKey(p.postal_code, p.address)) ?? []).filter((d) => d.active);
      const mine = found.find((d) => d.client_providers.some((c) => c.toLowerCase().startsWith(`${client.key.toLowerCase()}-`)));
      const one = mine ?? found[0];
      if (one) return { ok: true, point: one, isNew: false };
    }
    // A new point: it needs a full address.
    const missing = (['point_name', 'address', 'postal_code', 'city'] as const).filter((f) => (f === 'point_name' ? p.name : p[f]) === '');
    if (missing.length > 0) {
      const field: IntakeField = p.ref !== '' ? 'point_ref' : (missing[0] ?? 'address');
      return { ok: false, issue: issueAt(rec, field, 'point_incomplete', { ref: p.ref, missing: missing.join(',') }) };
    }
    const id = intakePointId(client.id, p.ref !== '' ? `ref:${p.ref.toLowerCase()}` : `addr:${p.postal_code}|${normaliseText(p.address)}`);
    const made = this.newPoints.get(id);
    if (made) return { ok: true, point: made, isNew: true };
    const hub = this.hubFor(p);
    const hubDoc = hub === null ? undefined : this.index.hubs.get(hub);
    if (hub === null || !hubDoc) return { ok: false, issue: issueAt(rec, 'postal_code', 'no_hub', { postal_code: p.postal_code, city: p.city }) };
    const hours = lineWindow(line) ?? this.opts.defaultHours ?? DEFAULT_HOURS;
    const point: DeliveryPoint = {
      id,
      name: p.name,
      hub,
      ref_providers: p.ref !== '' ? [`${client.key.toUpperCase()}-${p.ref}`] : [],
      client_providers: p.ref !== '' ? [`${client.key}-${p.ref}`] : [],
      kind: 'shop',
      address: p.address,
      postal_code: p.postal_code,
      city: p.city,
      lat: hubDoc.lat,
      lng: hubDoc.lng,
      contact_name: p.contact,
      phone: p.phone,
      opens: hours.start,
      closes: hours.end,
      notes: '',
      active: true,
      located: false,
      updated_at: this.opts.now,
    };
    const check = deliveryPointSchema.safeParse(point);
    if (!check.success) {
      const first = check.error.issues[0];
      return { ok: false, issue: issueAt(rec, 'address', 'order_invalid', { message: first ? fieldErrorText({ path: first.path.join('.'), message: first.message }) : '' }) };
    }
    this.newPoints.set(id, point);
    return { ok: true, point, isNew: true };
  }

  newPoint(id: string): DeliveryPoint | undefined {
    return this.newPoints.get(id);
  }
}
