/**
 * The planning board's controls (issue 11, 27, 32): the day, the hub (only those the operator
 * writes in, issue 29 finding 6), what «Optimizar» may change, the objective, «Optimizar» or
 * «Cancelar» while it runs (with its progress), and «Publicar todas» (confirmed when the drafts
 * have warnings).
 */
import { Alert, Button, Group, Progress, Select, Text, TextInput } from '@mantine/core';
import { t } from '../../i18n';
import { hubOptions } from '../../ui/crud/options';
import { ConfirmButton } from '../../ui/crud/ConfirmButton';
import type { Hub } from '../../domain/entities/reference';
import { ObjectiveSelect } from './ObjectiveSelect';
import { PlanScopeControls } from './PlanScope';
import type { BoardCommands, BoardEvent, BoardState } from './boardModel';
import '../../i18n/es/planning';

export interface BoardToolbarProps {
  readonly state: BoardState;
  readonly hubs: readonly Hub[];
  readonly hubNo: number;
  readonly hubRefused: string | null;
  readonly commands: BoardCommands;
  readonly busy: boolean;
  readonly drafts: number;
  /** The drafts' warnings, worded: publishing them asks first. */
  readonly draftWarnings: readonly string[];
  readonly dispatch: (event: BoardEvent) => void;
  readonly onOptimise: () => void;
  readonly onCancel: () => void;
  readonly onPublishAll: () => void;
}

export function BoardToolbar({ state, hubs, hubNo, hubRefused, commands, busy, drafts, draftWarnings, dispatch, onOptimise, onCancel, onPublishAll }: BoardToolbarProps) {
  const running = state.optimise.kind === 'running';
  return (
    <>
      <Group align="flex-end">
        <TextInput type="date" label={t('planning.board.date')} value={state.date} onChange={(e) => dispatch({ type: 'date', date: e.currentTarget.value })} data-testid="board-date" />
        <Select label={t('planning.board.hub')} placeholder={t('planning.board.chooseHub')} data={hubOptions(hubs)} value={hubNo > 0 ? String(hubNo) : null} onChange={(v) => dispatch({ type: 'hub', hubText: v })} allowDeselect={false} data-testid="board-hub" />
        <PlanScopeControls scope={state.scope} intoPublished={state.intoPublished} onScope={(scope) => dispatch({ type: 'scope', scope })} onIntoPublished={(on) => dispatch({ type: 'intoPublished', on })} disabled={running || busy} />
        <ObjectiveSelect hub={hubNo} disabled={running} />
        {running ? (
          <Button color="red" variant="light" onClick={onCancel}>
            {t('planning.board.cancel')}
          </Button>
        ) : (
          <Button onClick={onOptimise} disabled={!commands.optimise.enabled} title={commands.optimise.reason} data-testid="optimise">
            {t('planning.board.optimise')}
          </Button>
        )}
        {drafts > 0 &&
          (draftWarnings.length > 0 ? (
            <ConfirmButton
              color="teal"
              title={t('planning.board.confirmPublishTitle')}
              message={t('planning.board.confirmPublishBody', { warnings: draftWarnings.join('; ') })}
              confirmLabel={t('planning.board.publish')}
              onConfirm={onPublishAll}
              disabled={!commands.publish.enabled}
              data-testid="publish-all"
            >
              {t('planning.board.publishAll', { n: drafts })}
            </ConfirmButton>
          ) : (
            <Button color="teal" onClick={onPublishAll} disabled={!commands.publish.enabled} data-testid="publish-all">
              {t('planning.board.publishAll', { n: drafts })}
            </Button>
          ))}
      </Group>
      {hubRefused && (
        <Alert color="orange" data-testid="board-hub-refusal">
          {hubRefused}
        </Alert>
      )}
      {state.optimise.kind === 'running' && (
        <div data-testid="optimise-progress">
          <Text size="sm">{t('planning.board.optimising')}</Text>
          <Progress value={(state.optimise.progress?.fraction ?? 0) * 100} aria-label={t('planning.board.optimising')} />
        </div>
      )}
    </>
  );
}
