import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Ref, useState } from 'react';
import { Markdown } from '../../../components/markdown';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
  name?: string;
};

/** A markdown text area with a Write / Preview switch. */
export function MarkdownField({ label, value, onChange, onBlur, error, disabled, inputRef, name }: Props) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_e, v) => setTab(v)}
        aria-label={`${label} mode`}
        sx={{ minHeight: 32, mb: 1, '& .MuiTab-root': { minHeight: 32, py: 0.5, px: 1.5 } }}
      >
        <Tab value="write" label="Write" />
        <Tab value="preview" label="Preview" />
      </Tabs>
      {tab === 'write' ? (
        <TextField
          label={label}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          multiline
          minRows={4}
          maxRows={14}
          disabled={disabled}
          error={!!error}
          helperText={error ?? 'Markdown is supported'}
          slotProps={{ htmlInput: { ref: inputRef } }}
        />
      ) : (
        <Box
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minHeight: 118 }}
          aria-label={`${label} preview`}
        >
          {value.trim() ? (
            <Markdown>{value}</Markdown>
          ) : (
            <Typography color="text.secondary">Nothing to preview</Typography>
          )}
          {error && (
            <Typography color="error" variant="caption">
              {error}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
