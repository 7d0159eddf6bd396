// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A Chainlink-style price feed (AggregatorV3Interface) whose answer the test sets.
contract TestAggregator {
    uint8 public constant decimals = 8;
    string public constant description = "ETH / USD";
    uint256 public constant version = 4;
    int256 private answer;
    uint80 private round;
    uint256 private updatedAt;

    constructor(int256 initialAnswer) {
        _set(initialAnswer);
    }

    function setAnswer(int256 value) external {
        _set(value);
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 price, uint256 startedAt, uint256 updated, uint80 answeredInRound)
    {
        return (round, answer, updatedAt, updatedAt, round);
    }

    function _set(int256 value) internal {
        answer = value;
        round += 1;
        updatedAt = block.timestamp;
    }
}
