import { zodResolver } from '@hookform/resolvers/zod';
import { COMPLETION_SKILLS_NEEDED, SkillInputSchema, type SkillInput } from '@shared/profile';
import { Lightbulb, Plus, X } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useSkills } from '../api/get-skills';
import { useAddSkill } from '../api/add-skill';
import { useDeleteSkill } from '../api/delete-skill';
import { SectionError, SectionLoading } from './edit-list-section';
import { EditSectionCard } from './edit-section-card';
import { BusyIcon } from '@/components/busy-icon';

/** docs/product.md, Limits: the one-more-skill toast follows the first skill after 500 ms. */
export const ONE_MORE_SKILL_DELAY_MS = 500;

export function SkillsSection() {
  const inputId = useId();
  const query = useSkills();
  const addSkill = useAddSkill();
  const deleteSkill = useDeleteSkill();
  const form = useForm<SkillInput, unknown, z.output<typeof SkillInputSchema>>({
    resolver: zodResolver(SkillInputSchema),
    defaultValues: { skill: '' },
  });
  const skills = query.data ?? [];

  // A blank skill fails the schema and is ignored (docs/product.md, Validation): no request, no message.
  const add = form.handleSubmit(({ skill }) => {
    if (addSkill.isPending) return;
    const isFirst = skills.length === 0;
    addSkill.mutate(skill, {
      onSuccess: () => {
        form.reset();
        toast({ title: 'Success', description: 'Your skill has been added.' });
        // Not cleared on unmount on purpose: the hint still applies if the user switched sections.
        if (isFirst) {
          setTimeout(
            () =>
              toast({
                title: 'One more skill needed',
                description: 'Add one more skill to complete your profile.',
              }),
            ONE_MORE_SKILL_DELAY_MS,
          );
        }
      },
    });
  });

  return (
    <EditSectionCard
      title="Skills"
      description={`Tools, languages and strengths. Add at least ${COMPLETION_SKILLS_NEEDED} to complete your profile.`}
      icon={<Lightbulb />}
    >
      <form className="grid gap-2" noValidate onSubmit={add}>
        <Label htmlFor={inputId}>Add a skill</Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            {...form.register('skill')}
            placeholder="e.g. TypeScript"
            maxLength={50}
            autoComplete="off"
          />
          <Button type="submit" disabled={addSkill.isPending} className="shrink-0">
            <BusyIcon busy={addSkill.isPending} idle={<Plus aria-hidden="true" />} />
            Add
          </Button>
        </div>
        <p className="text-muted-foreground text-xs">Press Enter to add.</p>
      </form>

      <div className="mt-5">
        {query.isPending ? (
          <SectionLoading />
        ) : query.isError ? (
          <SectionError what="skills" onRetry={() => void query.refetch()} />
        ) : skills.length === 0 ? (
          <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-6 text-center text-sm">
            No skills yet. Your first one is a keystroke away.
          </p>
        ) : (
          <ul aria-label="Your skills" className="flex flex-wrap gap-2">
            {skills.map((item) => {
              const removing = deleteSkill.isPending && deleteSkill.variables === item.id;
              return (
                <li key={item.id}>
                  <Badge
                    variant="secondary"
                    className="h-8 gap-1.5 rounded-full py-0 pr-1 pl-3 text-sm font-medium"
                  >
                    {item.skill}
                    <button
                      type="button"
                      aria-label={`Remove ${item.skill}`}
                      disabled={removing}
                      onClick={() =>
                        deleteSkill.mutate(item.id, {
                          onSuccess: () =>
                            toast({ title: 'Success', description: 'Skill deleted successfully.' }),
                        })
                      }
                      className="hover:bg-foreground/10 focus-visible:ring-ring/50 flex size-6 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] disabled:opacity-50"
                    >
                      <BusyIcon
                        busy={removing}
                        className="size-3.5"
                        idle={<X className="size-3.5" aria-hidden="true" />}
                      />
                    </button>
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </EditSectionCard>
  );
}
