import {
  guardianSchema,
  type Guardian,
  type GuardianInput,
} from '@carecode/domain/alerts/alert.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { alertKeys } from './alert-keys.ts';

export const addGuardian = async ({ qrId, input }: { qrId: string; input: GuardianInput }) =>
  guardianSchema.parse(
    await apiFetch(`/qr-codes/${encodeURIComponent(qrId)}/guardians`, {
      method: 'POST',
      body: input,
    }),
  );

export function useAddGuardian(qrId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GuardianInput) => addGuardian({ qrId, input }),
    onSuccess: (guardian) => {
      queryClient.setQueryData<Guardian[]>(alertKeys.guardians(qrId), (list) =>
        list ? [...list.filter((item) => item.id !== guardian.id), guardian] : list,
      );
      void queryClient.invalidateQueries({ queryKey: alertKeys.guardians(qrId) });
    },
  });
}
