import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A search field that reports what was typed once typing pauses (300 ms). */
export function SearchBox({
  label,
  placeholder,
  onSearch,
}: {
  label: string;
  placeholder: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => onSearch(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <div className="grid max-w-md gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search className="text-muted-foreground absolute top-2.5 left-2.5 size-4" aria-hidden="true" />
        <Input
          id={id}
          type="search"
          className="pl-8"
          placeholder={placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
    </div>
  );
}
