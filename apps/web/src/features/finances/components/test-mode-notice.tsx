import { type Currency, testModeNotice } from '@devmarket/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useDepositOptions } from '../api/get-money-config';

/**
 * DESIGN §19: "Test mode: deposits of USDT are confirmed by staff" for each currency the simulated
 * provider serves (no chain is read for it). With `currency`, only that one.
 */
export function TestModeNotice({ currency }: { currency?: Currency }) {
  const options = useDepositOptions();
  const currencies = [...new Set(options.filter((o) => o.testMode).map((o) => o.currency))].filter(
    (c) => !currency || c === currency,
  );
  if (currencies.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ width: '100%' }} role="note" aria-label="Test mode">
      {currencies.map((c) => (
        <Box key={c}>{testModeNotice(c)}</Box>
      ))}
    </Alert>
  );
}
