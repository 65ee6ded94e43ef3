import { useState } from 'react';
import { useCancelRun } from '../../hooks/use-cancel-run';
import { describeError, errorCode } from '../../lib/errors';

/** Cancel, after a confirmation: cancelling removes whatever the run has written. */
export function CancelRunButton({ runId }: { runId: string }) {
  const [cancelRun, { loading }] = useCancelRun();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function onConfirm() {
    setError(null);
    try {
      await cancelRun(runId);
      setConfirming(false);
    } catch (e) {
      setError(e);
    }
  }

  return (
    <div className="cancel-run">
      {confirming ? (
        <div className="confirm" role="group" aria-label="Confirm cancelling the run">
          <p>Cancel this run? Files it has written so far are removed.</p>
          <div className="button-row">
            <button type="button" className="danger" disabled={loading} onClick={() => void onConfirm()}>
              {loading ? 'Cancelling…' : 'Yes, cancel the run'}
            </button>
            <button type="button" className="secondary" disabled={loading} onClick={() => setConfirming(false)} autoFocus>
              Keep it running
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          Cancel run
        </button>
      )}
      {error != null && (
        <p role="alert" className="field-error">
          {errorCode(error) === 'RUN_NOT_CANCELLABLE' ? 'The run has already finished; it can no longer be cancelled.' : describeError(error)}
        </p>
      )}
    </div>
  );
}
