import { normaliseTagList, TAGS, TAGS_MAX } from '@devmarket/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

export type TagsInputProps = {
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
  label?: string;
  helperText?: string;
  /** A message from the form or the server (422 on `tags`). */
  error?: string;
  disabled?: boolean;
  id?: string;
};

/**
 * Open tags (DESIGN §19): the spec's 12 are suggested first, and people type their own (letters,
 * digits, spaces and + # . -, at most 12). Enter or a comma adds what is typed; Enter never
 * submits the surrounding form; leaving the field keeps a typed tag rather than dropping it.
 * A bad tag stays in the field with its message instead of being added.
 */
export function TagsInput({
  value,
  onChange,
  onBlur,
  label = 'Tags',
  helperText,
  error,
  disabled,
  id,
}: TagsInputProps) {
  const [input, setInput] = useState('');
  const [localError, setLocalError] = useState('');

  /** Adds these tags (validated, duplicates without case dropped); false when one is refused. */
  const add = (typed: string[]): boolean => {
    const next = normaliseTagList([...value, ...typed.filter((t) => t.trim() !== '')]);
    if (next.error) {
      setLocalError(next.error);
      return false;
    }
    setLocalError('');
    onChange(next.tags);
    return true;
  };

  const shown = localError || error;
  return (
    <Autocomplete
      id={id}
      multiple
      freeSolo
      autoHighlight={false}
      options={TAGS as readonly string[]}
      filterSelectedOptions
      value={value}
      inputValue={input}
      disabled={disabled}
      onInputChange={(_e, text, reason) => {
        if (reason === 'clear') setInput('');
        // Only typing changes the text here; after a selection `add` decides (a refused tag stays).
        if (reason !== 'input') return;
        // A comma ends a tag, as Enter does (a pasted "Go, Rust" adds both).
        if (text.includes(',')) {
          const parts = text.split(',');
          const rest = parts.pop() ?? '';
          if (add(parts)) setInput(rest.trimStart());
          else setInput(text.replace(/,/g, ''));
          return;
        }
        setLocalError('');
        setInput(text);
      }}
      onChange={(_e, list, reason) => {
        if (reason === 'createOption' || reason === 'selectOption') {
          const typed = list.filter((t) => !value.includes(t));
          if (add(typed)) setInput('');
          return;
        }
        // Removing a chip or clearing.
        setLocalError('');
        onChange(list);
      }}
      onKeyDown={(e) => {
        // Enter adds the typed tag (MUI does that) and must not submit the form around it.
        if (e.key === 'Enter') e.preventDefault();
      }}
      onBlur={() => {
        if (input.trim() && add([input])) setInput('');
        onBlur?.();
      }}
      renderValue={(list, getItemProps) =>
        list.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={tag} size="small" sx={{ maxWidth: '100%' }} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(shown)}
          helperText={
            shown ||
            helperText ||
            `Pick or type your own, then press Enter. Up to ${TAGS_MAX}; letters, digits, spaces and + # . -`
          }
        />
      )}
    />
  );
}
