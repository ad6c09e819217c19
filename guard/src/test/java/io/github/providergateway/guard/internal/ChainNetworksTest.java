package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The shared notion of mainnet and of a chain's local test data (decision 109). */
class ChainNetworksTest {
  @Test
  void mainnetIsNamedByWordEndpointChainIdOrChainObject() {
    for (String text :
        List.of(
            "$MAINNET_RPC_URL",
            "mainnet-beta",
            "https://eth-mainnet.g.alchemy.com/v2/x",
            "https://api.mainnet-beta.solana.com",
            "https://eth.llamarpc.com",
            "--chain-id 1",
            "--chain=137",
            "chainId: 8453",
            "\"chainId\":1}",
            "network_id=42161",
            "createWalletClient({chain: base, transport: http()})",
            "ethereum:mainnet:alchemy")) {
      assertThat(ChainNetworks.namesMainnet(text)).as(text).isTrue();
    }
    for (String text :
        List.of(
            "$SEPOLIA_RPC_URL",
            "--chain-id 11155111",
            "--chain-id 10143",
            "chainId: 31337",
            "chain: sepolia",
            "http://127.0.0.1:8545",
            "--chain 1.5",
            "")) {
      assertThat(ChainNetworks.namesMainnet(text)).as(text).isFalse();
    }
  }

  @Test
  void testNetworksAndThisMachinesNodeAreLocal() {
    for (String text :
        List.of(
            "$SEPOLIA_RPC_URL",
            "devnet",
            "http://localhost:8545",
            "anvil",
            "ethereum:local:test")) {
      assertThat(ChainNetworks.testChain(text)).as(text).isTrue();
    }
    for (String text : List.of("$MAINNET_RPC_URL", "mainnet-beta", "$RPC_URL", "polygon")) {
      assertThat(ChainNetworks.testChain(text)).as(text).isFalse();
    }
  }

  @Test
  void theCommandNamesTheChainBesideTheProgramsOptions() {
    assertThat(ChainNetworks.configured("HARDHAT_NETWORK=mainnet npx hardhat run x.ts", "hardhat"))
        .isEqualTo("mainnet");
    assertThat(ChainNetworks.configured("export HARDHAT_NETWORK='sepolia'; hardhat run", "hardhat"))
        .isEqualTo("sepolia");
    assertThat(ChainNetworks.configured("solana config set -um && solana transfer x 1", "solana"))
        .isEqualTo("m");
    assertThat(ChainNetworks.configured("solana config set --url devnet; solana pay", "solana"))
        .isEqualTo("devnet");
    assertThat(ChainNetworks.configured("cast send 0x1 --value 1", "cast")).isNull();
    assertThat(ChainNetworks.configured("ETH_RPC_URL=http://127.0.0.1:8545 cast send", "cast"))
        .isEqualTo("http://127.0.0.1:8545");
    assertThat(ChainNetworks.configured("echo $ETH_RPC_URL; cast send 0x1", "cast"))
        .isEqualTo("$ETH_RPC_URL"); // the environment's endpoint: not this machine's anvil
    assertThat(ChainNetworks.configured("sui client switch --env mainnet && sui client", "sui"))
        .isEqualTo("mainnet");
    assertThat(ChainNetworks.configured("MY_HARDHAT_NETWORK=mainnet hardhat run", "hardhat"))
        .isNull();
  }
}
