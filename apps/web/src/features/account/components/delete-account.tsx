import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';

/** What the owner types to confirm (the API asks for the same word). */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * My Account › 'Delete my account' (DPDP erasure): a dialog explains what goes and what stays
 * and asks for the typed word; once erased the browser forgets the sign-in and goes home.
 */
export function DeleteAccount() {
  const { t } = useTranslation('billing');
  const { errorText } = useErrorText();
  const auth = useAuth();
  const [isOpen, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });

  const erase = async () => {
    setState({ busy: true });
    try {
      await apiFetch('/user/me', {
        method: 'DELETE',
        body: { confirmation: DELETE_CONFIRMATION },
      });
    } catch (error) {
      setState({ busy: false, error: errorText(error) });
      return;
    }
    await auth.removeUser().catch(() => undefined);
    window.location.assign('/?account=deleted');
  };

  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-red-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-600">{t('account.deleteHint')}</p>
      <Button variant="secondary" className="shrink-0 text-red-700" onClick={() => setOpen(true)}>
        {t('account.deleteAccount')}
      </Button>
      <Dialog
        open={isOpen}
        onClose={() => setOpen(false)}
        title={t('account.deleteTitle')}
        description={t('account.deleteExplanation')}
        closeLabel={t('account.deleteCancel')}
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim() === DELETE_CONFIRMATION) void erase();
          }}
        >
          <FormField
            id="delete-confirmation"
            label={t('account.deleteTypeLabel', { word: DELETE_CONFIRMATION })}
            isRequired
          >
            <input
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
            />
          </FormField>
          {state.error && (
            <p role="alert" className="text-sm text-red-700">
              {state.error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('account.deleteCancel')}
            </Button>
            <Button
              type="submit"
              variant="danger"
              disabled={typed.trim() !== DELETE_CONFIRMATION || state.busy}
              aria-busy={state.busy}
            >
              {state.busy ? t('account.deleting') : t('account.deleteForever')}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
