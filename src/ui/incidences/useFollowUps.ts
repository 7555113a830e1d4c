/**
 * What a list of incidences needs for their follow-up (issue 13): each incidence's derived view,
 * the people who may be put in charge (active operators and admins), and names by user id.
 */
import { useMemo } from 'react';
import { useLiveQuery } from '../../data/hooks';
import { allUsers } from '../../data/queries';
import { followUps } from '../../data/incidences';
import type { User } from '../../domain/entities/operation';
import { FOLLOW_UP_INITIAL, followUpsByIncidence, type FollowUpEvent, type FollowUpView } from '../../domain/incidences/followUp';
import '../../i18n/es/incidences';

const NONE: FollowUpView = { state: FOLLOW_UP_INITIAL, assignee: '', history: [] };

export function useFollowUps() {
  const { data: events } = useLiveQuery<FollowUpEvent[]>((db) => followUps(db), [], []);
  const views = useMemo(() => followUpsByIncidence(events), [events]);
  const { data: users } = useLiveQuery<User[]>((db) => allUsers(db), [], []);
  return useMemo(() => {
    const names = new Map(users.map((u) => [u.id, u.name]));
    const staff = users
      .filter((u) => u.active && (u.role === 'operator' || u.role === 'admin'))
      .map((u) => ({ value: u.id, label: u.name }))
      .sort((a, b) => a.label.localeCompare(b.label, 'es'));
    return {
      viewOf: (incidenceId: string): FollowUpView => views.get(incidenceId) ?? NONE,
      name: (id: string) => names.get(id) ?? id,
      staff,
    };
  }, [views, users]);
}
