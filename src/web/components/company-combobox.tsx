import { useState, type ComponentProps, type KeyboardEvent } from 'react';
import { useCommandState } from 'cmdk';
import { Command, CommandItem, CommandList } from '@/components/ui/command';
import { Input } from '@/components/ui/input';

/** cmdk's selected value while nothing is highlighted: no item has it, so cmdk never picks one itself. */
const NONE = '\u0000none';

/**
 * A free-text company field with suggestions (docs/product.md, The company question; the referral request form
 * reuses it). Suggestions come from `suggest` and appear after any typing; picking one fills the field and
 * hides the list. Arrow keys move the highlight, Enter picks it; Enter with nothing highlighted calls
 * `onEnter` (the form submits). Data comes in through props, so any feature can use it.
 */
export function CompanyCombobox({
  id,
  value,
  onChange,
  suggest,
  onEnter,
  label = 'Company suggestions',
  placeholder,
  disabled = false,
  invalid = false,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  suggest: (query: string) => readonly string[];
  onEnter?: () => void;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  // cmdk gives its list an id of its own (it overrides ours), so the input reads it off the element.
  const [listId, setListId] = useState<string>();
  const [listOpen, setListOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(NONE);
  const suggestions = listOpen && !disabled ? suggest(value) : [];
  const showList = suggestions.length > 0;

  function type(next: string) {
    onChange(next);
    setListOpen(true);
    setHighlighted(NONE);
  }

  function pick(name: string) {
    onChange(name);
    setListOpen(false);
    setHighlighted(NONE);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && showList) {
      // Closes the list only, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setListOpen(false);
    } else if (event.key === 'Enter' && !(showList && suggestions.includes(highlighted))) {
      // Nothing highlighted: the form's turn (a blank name still gets its message). With a highlight,
      // cmdk picks the item.
      event.preventDefault();
      setListOpen(false);
      onEnter?.();
    }
  }

  return (
    <Command
      shouldFilter={false}
      label={label}
      value={highlighted}
      onValueChange={setHighlighted}
      className="overflow-visible bg-transparent"
    >
      <ComboboxInput
        showList={showList}
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        onChange={(e) => type(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <CommandList
          ref={(list) => setListId(list?.id)}
          aria-label={label}
          className="bg-popover mt-2 max-h-64 rounded-md border p-1 shadow-sm"
        >
          {suggestions.map((name) => (
            <CommandItem
              key={name}
              value={name}
              onSelect={pick}
              // Keep focus in the input so typing can go on after a click.
              onMouseDown={(e) => e.preventDefault()}
              className="cursor-pointer"
            >
              {name}
            </CommandItem>
          ))}
        </CommandList>
      )}
    </Command>
  );
}

/** The input, pointing screen readers at the highlighted suggestion (cmdk knows its element id). */
function ComboboxInput({ showList, ...props }: ComponentProps<typeof Input> & { showList: boolean }) {
  const selectedId = useCommandState((state) => state.selectedItemId);
  return <Input aria-activedescendant={showList ? selectedId : undefined} {...props} />;
}
