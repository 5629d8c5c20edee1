import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason } from '@shared/reports';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { CharacterCount } from '@/components/form-field';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useFileReport } from '../api/file-report';
import { QuietCardAction } from './quiet-card-action';

/**
 * 'Report' on both sides' cards (issue 25 item 2): the reason and a note, sent to the admins. The other
 * side is never told.
 */
export function ReportUserButton({
  subjectUserId,
  subjectName,
  requestId,
}: {
  subjectUserId: number;
  subjectName: string;
  requestId: number;
}) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const [note, setNote] = useState('');
  const file = useFileReport();
  const reasonId = useId();
  const noteId = useId();
  const tooLong = note.length > REPORT_NOTE_MAX;
  const needsNote = reason === 'other' && note.trim() === '';
  return (
    <ConfirmDialog
      title={`Report ${subjectName}`}
      description="Tell the admins what went wrong. They see your note in full; the person you report is not told who reported them."
      trigger={<QuietCardAction icon={Flag} label="Report" />}
      confirmLabel="Send report"
      pending={file.isPending}
      disabled={tooLong || needsNote}
      onConfirm={(close) =>
        file.mutate(
          { subjectUserId, requestId, reason, note },
          {
            onSuccess: () => {
              close();
              setNote('');
            },
          },
        )
      }
    >
      <div className="grid gap-2">
        <Label htmlFor={reasonId}>Reason</Label>
        <NativeSelect
          id={reasonId}
          value={reason}
          onChange={(e) => setReason(REPORT_REASONS.find((r) => r === e.target.value) ?? 'spam')}
        >
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {REPORT_REASON_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
        <Label htmlFor={noteId}>
          What happened
          {reason !== 'other' && (
            <span className="text-muted-foreground text-xs font-normal">(optional)</span>
          )}
        </Label>
        <Textarea
          id={noteId}
          rows={4}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={tooLong || undefined}
        />
        <CharacterCount length={note.length} max={REPORT_NOTE_MAX} />
      </div>
    </ConfirmDialog>
  );
}
