import type { CodeRequestSet } from '../../lib/request-code'
import { costCall, executionCall, validationCall, type JobInputs } from './execution'

/** Running a process as code: the launch's checks of the inputs, its price and the execution, as it sends them. */
export function jobCode(
  processId: string,
  processTitle: string,
  inputs: JobInputs,
  target: { workspaceId: string; budgetId: string | null },
): CodeRequestSet {
  return {
    title: `Running ${processTitle}`,
    steps: [
      {
        title: 'Validation of the inputs (200 when they are accepted)',
        call: validationCall(processId, inputs),
      },
      { title: 'The price', call: costCall(processId, inputs) },
      {
        title: 'The execution: one job',
        warning: 'This runs the process and spends credits.',
        call: executionCall(processId, target, inputs),
      },
    ],
    sdk: { kind: 'job', processId, inputs, workspaceId: target.workspaceId, budgetId: target.budgetId },
  }
}
