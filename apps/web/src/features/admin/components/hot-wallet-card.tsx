import { displayMoney } from '@devmarket/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useHotWallet } from '../api/hot-wallet';

/** Staff console (DESIGN §12): the chain hot wallet's balances and the payouts waiting for funds. */
export function HotWalletCard() {
  const { data } = useHotWallet();
  if (!data?.enabled) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-label="Hot wallet">
      <Typography variant="h3" gutterBottom>
        Hot wallet
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {data.address}
      </Typography>
      <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mt: 1.5 }}>
        <Typography>
          <strong>{data.eth}</strong> ETH
        </Typography>
        <Typography>
          <strong>{data.usdt === null ? '—' : displayMoney(data.usdt)}</strong> USDT
        </Typography>
      </Box>
      {data.waiting.map((w) => (
        <Alert key={w.transactionID} severity="warning" sx={{ mt: 1.5 }}>
          Payout of {displayMoney(w.amount)} USDT in {w.currency} is waiting: {w.note}
        </Alert>
      ))}
    </Paper>
  );
}
