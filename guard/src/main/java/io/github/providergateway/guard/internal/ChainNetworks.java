package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Mainnet and its opposite (issue 80, round 6, decision 109): which chain a call acts on, one
 * notion the chain rules share as the production rules share production's names.
 *
 * <p>A chain program names its chain with an option ({@code --rpc-url}, {@code --url}/{@code -u},
 * {@code --network}, {@code --chain}, {@code --provider.cluster}), whose value is an endpoint, a
 * network's name, a moniker or a variable ({@code $MAINNET_RPC_URL}, {@code $SEPOLIA_RPC_URL}: the
 * variable's name says which); or the command names it for the program ({@code
 * HARDHAT_NETWORK=mainnet}, {@code ETH_RPC_URL=…}, {@code solana config set -um}). Mainnet is
 * {@code mainnet}/{@code mainnet-beta}/{@code m}, a mainnet's chain id (1, 10, 137, 8453, 42161…)
 * or a mainnet endpoint; local test data is this machine's node (anvil, hardhat, localhost), a
 * fork, or a test network (sepolia, holesky, devnet, testnet…).
 */
final class ChainNetworks {
  /** The names of chains that are this machine's or a test network's. */
  static final List<String> TEST_CHAINS =
      List.of(
          "localhost",
          "127.0.0.1",
          "0.0.0.0",
          "devnet",
          "testnet",
          "sepolia",
          "goerli",
          "holesky",
          "hoodi",
          "anvil",
          "hardhat",
          "ganache",
          "regtest",
          "signet",
          "amoy",
          "mumbai",
          "fuji",
          "local",
          "sandbox");

  /** Parts of an endpoint's name or a variable's that say it is a fork or a simulation of one. */
  private static final List<String> FORKS = List.of("fork", "tenderly.co", "virtual.", "vnet");

  /** Parts of an endpoint or a name that say mainnet. */
  private static final List<String> MAINNET_PARTS =
      List.of(
          "mainnet",
          "eth.llamarpc.com",
          "cloudflare-eth.com",
          "rpc.flashbots.net",
          "ethereum-rpc.publicnode.com",
          "eth.merkle.io",
          "polygon-rpc.com",
          "arb1.arbitrum.io",
          "bsc-dataseed",
          "api.avax.network");

  /** Networks' names, as a hardhat or a foundry network, that are mainnets. */
  private static final Set<String> MAINNET_NAMES =
      NameSet.of(
          "m",
          "mainnet",
          "mainnet-beta",
          "ethereum",
          "eth",
          "polygon",
          "matic",
          "arbitrum",
          "arbitrum-one",
          "optimism",
          "base",
          "bsc",
          "avalanche",
          "gnosis",
          "linea",
          "scroll",
          "zksync",
          "1",
          "10",
          "56",
          "100",
          "137",
          "250",
          "324",
          "1101",
          "5000",
          "8453",
          "42161",
          "42220",
          "43114",
          "59144",
          "81457",
          "534352");

  /** A mainnet's chain id, as code or a command writes it. */
  private static final Pattern MAINNET_CHAIN_ID =
      Pattern.compile(
          "(?i)(?:--chain(?:-id)?|chain_?id|network_?id)[\"']?\\s*[=:]?\\s*[\"']?"
              + "(?:1|10|56|100|137|250|324|1101|5000|8453|42161|42220|43114|59144|81457|534352)"
              + "(?![\\w.])"
              // viem's and wagmi's chain objects: chain: mainnet, chain: base
              + "|\\bchain\\s*:\\s*(?:mainnet|base|arbitrum|optimism|polygon|bsc|avalanche|gnosis"
              + "|linea|scroll|zksync)\\b");

  /** The options that name a chain program's chain. */
  private static final Set<String> NETWORK_OPTIONS =
      NameSet.of(
          "--rpc-url",
          "-r",
          "--fork-url",
          "--url",
          "-u",
          "--rpc",
          "--network",
          "--chain",
          "--chain-id",
          "--provider.cluster",
          "--cluster",
          "--env",
          "--networkId",
          "--profile",
          "--network-id");

  /** Programs whose chain, when none is named, is the one their configuration names: mainnet. */
  private static final Set<String> CONFIGURED =
      NameSet.of("solana", "spl-token", "near", "seth", "sui", "aptos");

  private ChainNetworks() {}

  /** Whether a text names a test network or this machine's node. */
  static boolean testChain(String text) {
    return OtherHosts.has(text.toLowerCase(Locale.ROOT), TEST_CHAINS);
  }

  /** Whether a text (a command, code, a tool's arguments) names mainnet. */
  static boolean namesMainnet(String text) {
    if (text == null || text.length() > 64 * 1024) {
      return false;
    }
    String lower = text.toLowerCase(Locale.ROOT);
    return OtherHosts.has(lower, MAINNET_PARTS) || PatternLiterals.finds(MAINNET_CHAIN_ID, text);
  }

  /**
   * The chain a program's options name: the value of its last network option, a variable's name
   * where it is one ({@code $SEPOLIA_RPC_URL}), or {@code null} where it names none.
   */
  static String named(Step step) {
    List<Word> args = step.args();
    String value = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.length() == 3 && text.startsWith("-u") && !text.equals("-u-")) {
        value = text.substring(2); // solana -um, -ud, -ul, -ut
        continue;
      }
      int eq = text.indexOf('=');
      String name = eq > 0 ? text.substring(0, eq) : text;
      if (NETWORK_OPTIONS.contains(name) || name.equals("-f") && step.program().equals("forge")) {
        if (eq > 0) {
          value = text.substring(eq + 1);
        } else if (i + 1 < args.size()) {
          value = args.get(i + 1).text();
        }
      }
    }
    return value;
  }

  /**
   * Whether a chain program acts on a chain that is neither this machine's nor a test network:
   * mainnet, or one it cannot tell (an endpoint in a variable named for no network).
   */
  static boolean notLocal(Scan scan, Step step) {
    String value = named(step);
    String program = step.program();
    if (value == null) {
      value = configured(OtherHosts.source(scan), program);
    }
    if (value == null) {
      // hardhat's own network, in the process; cast's and forge's anvil at localhost:8545;
      // anchor's Anchor.toml cluster (localnet while developing)
      return CONFIGURED.contains(program);
    }
    String v = value.toLowerCase(Locale.ROOT);
    if (v.equals("l") || v.equals("d") || v.equals("t")) {
      return false; // solana's monikers: localhost, devnet, testnet
    }
    return !OtherHosts.has(v, TEST_CHAINS) && !OtherHosts.has(v, FORKS);
  }

  /** Whether a chain program acts on mainnet, by name. */
  static boolean onMainnet(Scan scan, Step step) {
    String value = named(step);
    if (value == null) {
      value = configured(OtherHosts.source(scan), step.program());
    }
    if (value == null) {
      return false;
    }
    String v = value.toLowerCase(Locale.ROOT);
    return (MAINNET_NAMES.contains(v) || namesMainnet(value)) && !OtherHosts.has(v, FORKS);
  }

  /**
   * The chain the command names for a program beside its options: {@code HARDHAT_NETWORK=…} for
   * hardhat, {@code ETH_RPC_URL} for cast and forge (an endpoint of the environment's: mainnet
   * unless its name says otherwise), {@code solana config set --url …} before a solana program.
   */
  static String configured(String source, String program) {
    switch (program) {
      case "hardhat" -> {
        return assigned(source, "HARDHAT_NETWORK");
      }
      case "cast", "forge" -> {
        String url = assigned(source, "ETH_RPC_URL");
        return url != null || !source.contains("ETH_RPC_URL") ? url : "$ETH_RPC_URL";
      }
      case "sui" -> {
        int at = source.indexOf("switch --env ");
        return at < 0 ? null : source.substring(at + 13).split("[\\s;&|]", 2)[0];
      }
      case "solana", "spl-token", "anchor" -> {
        int at = source.indexOf("config set");
        if (at < 0) {
          return null;
        }
        int end = source.length();
        for (String stop : List.of("&&", ";", "|", "\n")) {
          int i = source.indexOf(stop, at);
          if (i >= 0 && i < end) {
            end = i;
          }
        }
        String[] words = source.substring(at, end).trim().split("\\s+");
        for (int i = 2; i < words.length; i++) {
          String w = words[i];
          if (w.length() == 3 && w.startsWith("-u")) {
            return w.substring(2);
          }
          if ((w.equals("-u") || w.equals("--url")) && i + 1 < words.length) {
            return words[i + 1];
          }
          if (w.startsWith("--url=")) {
            return w.substring(6);
          }
        }
        return null;
      }
      default -> {
        return null;
      }
    }
  }

  /** The value a command gives a variable ({@code NAME=value} or {@code export NAME=value}). */
  private static String assigned(String source, String name) {
    int at = source.indexOf(name + "=");
    while (at >= 0) {
      if (at == 0 || " \t;&|(\n".indexOf(source.charAt(at - 1)) >= 0) {
        int from = at + name.length() + 1;
        int to = from;
        while (to < source.length() && " \t;&|)\n".indexOf(source.charAt(to)) < 0) {
          to++;
        }
        return source.substring(from, to).replace("\"", "").replace("'", "");
      }
      at = source.indexOf(name + "=", at + 1);
    }
    return null;
  }
}
