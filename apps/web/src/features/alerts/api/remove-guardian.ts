import type { Guardian } from '@carecode/domain/alerts/alert.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { alertKeys } from './alert-keys.ts';

export const removeGuardian = ({ qrId, guardianId }: { qrId: string; guardianId: string }) =>
  apiFetch<void>(
    `/qr-codes/${encodeURIComponent(qrId)}/guardians/${encodeURIComponent(guardianId)}`,
    { method: 'DELETE' },
  );

export function useRemoveGuardian(qrId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guardianId: string) => removeGuardian({ qrId, guardianId }),
    onSuccess: (_answer, guardianId) => {
      queryClient.setQueryData<Guardian[]>(alertKeys.guardians(qrId), (list) =>
        list?.filter((item) => item.id !== guardianId),
      );
      void queryClient.invalidateQueries({ queryKey: alertKeys.guardians(qrId) });
    },
  });
}
