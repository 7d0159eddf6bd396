/** The public face of the payments module (providers, deposits, withdrawals): other modules import only this. */
export { creditArrivedDeposit, expireDeposit, receiveDeposit, recordCompletedDeposit } from './deposits.service';
export { startDevChain } from './evm/dev-chain';
export { getHotWallet } from './evm/hot-wallet.service';
export { createChainWatcher } from './evm/watcher.service';
export { paymentsJobs } from './payments.jobs';
export { getProvider, providerFor } from './providers';
export { listByStatus, staffComplete, staffFail } from './transactions.service';
export { payoutWithdrawal, settleWithdrawalFromProvider } from './withdrawals.service';
