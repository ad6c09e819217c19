package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the book's {@code chain} rules ask in code (issue 80, round 6, decision 109): a wallet's key
 * read by inline code, data signed with a real key, a transaction or a contract's powers used on
 * mainnet by a script, inline code or a provider's tool, a validator's exit posted, its
 * slashing-protection database written, its services stopped, an indexer deployed away from this
 * machine, and a contract's safeguard taken out by an edit. Which chain is mainnet is {@link
 * ChainNetworks}.
 */
final class ChainPredicates {
  /** Inline code's calls that decrypt a wallet's keystore or load its key. */
  private static final List<String> KEY_DECRYPTS =
      List.of(
          "Account.decrypt(",
          "account.decrypt(",
          "keythereum.recover(",
          "decrypt_keyfile",
          "decode_keyfile_json",
          "fromEncryptedJson",
          "decryptKeystore",
          "decrypt_keystore",
          "decryptJsonWallet",
          "extract_key_from_keyfile",
          "Keystore.decrypt");

  /** Where wallets keep their keys, as code names the files. */
  private static final List<String> KEY_FILES =
      List.of(
          ".foundry/keystores",
          ".config/solana/",
          "/keystore/UTC--",
          ".ethereum/keystore",
          ".near-credentials",
          "sui.keystore",
          ".brownie/accounts",
          "validator_keys/keystore-");

  /** Inline code's calls that sign a message or typed data (a permit, an order). */
  private static final List<String> DATA_SIGNS =
      List.of(
          "signTypedData",
          "sign_typed_data",
          "encode_typed_data",
          "encode_structured_data",
          "signPermit",
          "sign_permit");

  /** Inline code's calls that send a transaction or write to a contract. */
  private static final List<String> CODE_WRITES =
      List.of(
          "writeContract(",
          "deployContract(",
          "sendTransaction(",
          "send_transaction(",
          "sendRawTransaction",
          "send_raw_transaction",
          ".transact(",
          "upgradeProxy(",
          "sendAndConfirmTransaction",
          "signAndSendTransaction",
          "signAndExecuteTransaction",
          "sign_and_send");

  /** Parts of a variable's name that say it holds a wallet's key or seed phrase. */
  private static final List<String> WALLET_SECRET_NAMES =
      List.of("PRIVATE_KEY", "PRIVATEKEY", "MNEMONIC", "SEED_PHRASE", "SEEDPHRASE", "_PK");

  /** Parts of a private key's name that say it is a wallet's. */
  private static final List<String> WALLET_OWNERS =
      List.of(
          "WALLET",
          "DEPLOYER",
          "SIGNER",
          "TREASURY",
          "ETH",
          "SOL",
          "OWNER",
          "ADMIN",
          "HOT",
          "VALIDATOR",
          "KEYPAIR",
          "ACCOUNT",
          "MINTER",
          "OPERATOR",
          "RELAYER",
          "GUARDIAN",
          "SAFE",
          "EVM",
          "CHAIN",
          "MAINNET");

  /** Inline code's requests to another host. */
  private static final List<String> CODE_REQUESTS =
      List.of(
          "requests.post",
          "requests.get",
          "requests.put",
          "fetch(",
          "urllib.request",
          "axios",
          "http.request",
          "https.request",
          "httpx.",
          "socket.");

  /** Chain libraries that use a key to sign, not to send it. */
  private static final List<String> CHAIN_LIBRARIES =
      List.of("ethers", "web3", "viem", "solana", "eth_account", "Keypair", "Account.", "anchor");

  /** Inline code's signers: a wallet made from a key, whatever it then calls, acts with it. */
  private static final List<String> SIGNERS =
      List.of(
          "new ethers.Wallet(",
          "new Wallet(",
          "privateKeyToAccount(",
          "mnemonicToAccount(",
          "Account.from_key(",
          "account.from_key(",
          "Keypair.fromSecretKey(",
          "Keypair.from_bytes(",
          "Keypair.from_secret_key(",
          "createWalletClient(");

  /** A contract's powers: who owns it, who may act, what code it runs, who may spend for it. */
  private static final List<String> POWERS =
      List.of(
          "renounceOwnership",
          "transferOwnership",
          "grantRole",
          "revokeRole",
          "renounceRole",
          "addOwnerWithThreshold",
          "removeOwner",
          "swapOwner",
          "changeThreshold",
          "enableModule",
          "disableModule",
          "setGuard",
          "setFallbackHandler",
          "upgradeTo",
          "changeProxyAdmin",
          "changeAdmin",
          "setImplementation",
          "setApprovalForAll",
          "approve(",
          "increaseAllowance",
          "execTransaction");

  /** Programs that run a script or code: a power named beside one is used by it. */
  private static final Set<String> RUNNERS =
      NameSet.of(
          "node",
          "nodejs",
          "npx",
          "ts-node",
          "tsx",
          "bun",
          "bunx",
          "deno",
          "python",
          "python3",
          "yarn",
          "pnpm",
          "npm",
          "safe-cli",
          "ape",
          "brownie",
          "make",
          "just",
          "bash",
          "sh",
          "zsh");

  /** The words of a provider's tool that act rather than read. */
  private static final List<String> TOOL_ACTS =
      List.of(
          "send",
          "write",
          "exec",
          "transact",
          "sign",
          "propose",
          "submit",
          "broadcast",
          "transfer",
          "swap",
          "bridge",
          "approve",
          "deploy",
          "upgrade");

  /** The words of a provider's tool that say it is a chain's or a wallet's. */
  private static final List<String> CHAIN_TOOLS =
      List.of(
          "wallet",
          "evm",
          "__eth",
          "eth_",
          "ethereum",
          "solana",
          "web3",
          "__cast",
          "cast_",
          "foundry",
          "hardhat",
          "__safe",
          "safe_",
          "blockchain",
          "onchain",
          "chain_",
          "metamask",
          "viem",
          "ethers",
          "bridge");

  /** The words of a provider's tool that only read or try: a simulation, an estimate. */
  private static final List<String> TOOL_READS =
      List.of("simulat", "estimate", "call", "read", "get", "decode", "trace", "list");

  /** The file tools, whose arguments are a file's text. */
  private static final Set<String> FILE_TOOLS =
      NameSet.of("edit", "write", "read", "multi_edit", "multiedit", "notebook_edit", "create");

  /** The beacon API's routes that post a validator's exit or fix its withdrawal address. */
  private static final List<String> BEACON_EXITS =
      List.of(
          "/eth/v1/beacon/pool/voluntary_exits", "/eth/v1/beacon/pool/bls_to_execution_changes");

  /** The names validator, beacon and execution clients' services go by. */
  private static final List<String> VALIDATOR_SERVICES =
      List.of(
          "lighthouse",
          "prysm",
          "teku",
          "nimbus",
          "lodestar",
          "grandine",
          "validator",
          "beacon",
          "geth",
          "reth",
          "nethermind",
          "besu",
          "erigon",
          "agave",
          "fdctl",
          "firedancer",
          "mev-boost",
          "web3signer");

  /** The anvil and hardhat nodes' well-known test keys and mnemonic: nobody's money. */
  private static final List<String> THROWAWAY_KEYS =
      List.of(
          "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
          "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
          "test test test test test test test test test test test junk");

  /** Hardhat's tasks that only build, test, verify or read. */
  private static final Set<String> HARDHAT_READS =
      NameSet.of(
          "compile",
          "test",
          "verify",
          "flatten",
          "clean",
          "size-contracts",
          "coverage",
          "check",
          "typechain",
          "node",
          "console",
          "help",
          "accounts",
          "etherscan-verify",
          "sourcify",
          "storage-layout",
          "export-abi",
          "docgen",
          "vars",
          "init",
          "gas-reporter:merge");

  /** Hardhat's options that take a value. */
  private static final Set<String> HARDHAT_VALUED =
      NameSet.of("--network", "--config", "--tsconfig", "--max-memory");

  /** What a script or a make target named for acting on a contract's powers or funds says. */
  private static final List<String> SCRIPT_ACTS =
      List.of(
          "upgrade",
          "renounce",
          "ownership",
          "transfer",
          "grant",
          "revoke",
          "propose",
          "execute",
          "withdraw",
          "pause",
          "approve",
          "mint",
          "burn",
          "sweep",
          "drain",
          "authority",
          "bridge",
          "airdrop",
          "payout",
          "set-admin",
          "set_admin",
          "setadmin");

  /** What a script's or a task's name says when it only checks, reads or tries. */
  private static final List<String> SCRIPT_READS =
      List.of(
          "check",
          "validate",
          "verify",
          "simulat",
          "dry",
          "report",
          "inspect",
          "audit",
          "diff",
          "plan",
          "preview",
          "status",
          "read",
          "list",
          "show",
          "test",
          "fork",
          "estimate",
          "safety");

  /** What a script or a make target named for a deploy says. */
  private static final List<String> SCRIPT_DEPLOYS = List.of("deploy", "migrat", "publish");

  /** The endings of a script's file. */
  private static final List<String> SCRIPT_FILES =
      List.of(".ts", ".js", ".mjs", ".cjs", ".py", ".sh", ".rb");

  /** Programs whose words after their own are targets (make's, npm run's), not files. */
  private static final Set<String> TARGET_RUNNERS =
      NameSet.of("make", "just", "npm", "yarn", "pnpm", "anchor");

  /** Solidity's safeguards an edit may take out. */
  private static final List<String> SOL_GUARDS =
      List.of(
          "_disableInitializers()",
          "initializer",
          "onlyOwner",
          "onlyRole(",
          "onlyProxy",
          "_authorizeUpgrade",
          "nonReentrant",
          "whenNotPaused",
          "require(msg.sender");

  private ChainPredicates() {}

  /** Adds the program predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("chain-on-mainnet", (scan, step, read) -> ChainNetworks.onMainnet(scan, step));
    named.put(
        "code-reads-wallet-key",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return OtherHosts.has(code, KEY_DECRYPTS)
              || OtherHosts.has(code, KEY_FILES) && !ChainNetworks.testChain(code);
        });
    named.put(
        "code-signs-data",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return OtherHosts.has(code, DATA_SIGNS) && !ChainNetworks.testChain(code);
        });
    named.put(
        "code-acts-on-mainnet",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return (OtherHosts.has(code, CODE_WRITES) || OtherHosts.has(code, SIGNERS))
              && ChainNetworks.namesMainnet(code);
        });
    named.put("signs-with-real-key", ChainPredicates::signsWithRealKey);
    named.put("sends-wallet-secret", ChainPredicates::sendsWalletSecret);
    named.put("posts-validator-exit", ChainPredicates::postsValidatorExit);
    named.put("slashing-db-written", ChainPredicates::slashingDbWritten);
    named.put("stops-validator-service", ChainPredicates::stopsValidatorService);
    named.put("indexer-not-local", ChainPredicates::indexerNotLocal);
    named.put("hardhat-task-on-mainnet", ChainPredicates::hardhatTaskOnMainnet);
    named.put(
        "hardhat-run-not-local",
        (scan, step, read) -> ChainNetworks.notLocal(scan, step) && !runsAReadingScript(step));
    named.put("sed-removes-contract-guard", ChainPredicates::sedRemovesContractGuard);
    named.put(
        "script-acts-on-mainnet", (scan, step, read) -> scriptOnMainnet(scan, step, SCRIPT_ACTS));
    named.put(
        "script-deploys-to-mainnet",
        (scan, step, read) -> scriptOnMainnet(scan, step, SCRIPT_DEPLOYS));
  }

  /**
   * {@code sed -i} or {@code perl -pi} over a Solidity file with a script that deletes the lines of
   * a safeguard ({@code /_disableInitializers/d}) or substitutes it away ({@code s/ onlyOwner//}).
   */
  private static boolean sedRemovesContractGuard(Scan scan, Step step, Where.Read read) {
    boolean solidity = false;
    boolean removes = false;
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() > 4000) {
        return false;
      }
      solidity |= text.endsWith(".sol") || text.endsWith(".sol'");
      for (String guard : SOL_GUARDS) {
        String name = guard.replace("()", "").replace("(", "");
        if (!text.contains(name)) {
          continue;
        }
        if (text.endsWith("/d") || text.endsWith("/d;") || text.contains("/d;")) {
          removes = true;
        } else if (text.startsWith("s") && text.length() > 2) {
          // s/onlyOwner/onlyRole(ADMIN)/ swaps one guard for another: no removal
          String delimiter = String.valueOf(text.charAt(1));
          String[] parts = text.split(java.util.regex.Pattern.quote(delimiter), -1);
          removes |= parts.length >= 3 && parts[1].contains(name) && !guarded(parts[2]);
        }
      }
    }
    return solidity && removes;
  }

  /**
   * Whether {@code hardhat run} runs a script named for a check, a read or a simulation ({@code
   * scripts/check-owner.ts}): what it does on mainnet is read, not sent.
   */
  private static boolean runsAReadingScript(Step step) {
    for (Word word : step.args()) {
      String lower = word.text().toLowerCase(Locale.ROOT);
      String base = lower.substring(lower.lastIndexOf('/') + 1);
      if (OtherHosts.has(base, SCRIPT_FILES)) {
        return OtherHosts.has(base, SCRIPT_READS) && !OtherHosts.has(base, SCRIPT_ACTS);
      }
    }
    return false;
  }

  /** Whether a text holds one of the safeguards, by name. */
  private static boolean guarded(String text) {
    for (String guard : SOL_GUARDS) {
      if (text.contains(guard.replace("()", "").replace("(", ""))) {
        return true;
      }
    }
    return false;
  }

  /**
   * A hardhat task that is no build, test or read, on a network that is not this machine's or a
   * test network: {@code npx hardhat --network mainnet run …}, a project's own {@code upgrade}
   * task, hardhat run by pnpm or yarn.
   */
  private static boolean hardhatTaskOnMainnet(Scan scan, Step step, Where.Read read) {
    List<Word> args = step.args();
    int i = 0;
    if (!step.program().equals("hardhat")) {
      while (i < args.size() && !args.get(i).text().equals("hardhat")) {
        i++;
      }
      if (i++ == args.size()) {
        return false;
      }
    }
    String task = null;
    String next = null;
    for (; i < args.size() && next == null; i++) {
      String text = args.get(i).text();
      if (text.startsWith("-")) {
        i += HARDHAT_VALUED.contains(text) ? 1 : 0;
      } else if (task == null) {
        task = text;
      } else {
        next = text;
      }
    }
    if (task == null
        || HARDHAT_READS.contains(task)
        || OtherHosts.has(task.toLowerCase(Locale.ROOT), SCRIPT_READS)
        || task.equals("ignition") && !"deploy".equals(next)
        || task.equals("run") && runsAReadingScript(step)) {
      return false;
    }
    String network = ChainNetworks.named(step);
    if (network == null) {
      network = ChainNetworks.configured(OtherHosts.source(scan), "hardhat");
    }
    return network != null && !network.equals("hardhat") && !ChainNetworks.testChain(network);
  }

  /**
   * A script (a file a runner runs, a make or npm target) whose name holds one of the words, run
   * with mainnet named: {@code node scripts/grant-role.ts --chain mainnet}, {@code make
   * upgrade-mainnet}.
   */
  private static boolean scriptOnMainnet(Scan scan, Step step, List<String> words) {
    boolean targets = TARGET_RUNNERS.contains(step.program());
    boolean named = false;
    StringBuilder all = new StringBuilder();
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() > 4000) {
        return false;
      }
      all.append(text).append(' ');
      if (named || text.startsWith("-")) {
        continue;
      }
      String lower = text.toLowerCase(Locale.ROOT);
      String base = lower.substring(lower.lastIndexOf('/') + 1);
      named =
          (targets || OtherHosts.has(base, SCRIPT_FILES))
              && OtherHosts.has(base, words)
              && !OtherHosts.has(base, SCRIPT_READS);
    }
    if (!named) {
      return false;
    }
    String args = all.toString();
    if (ChainNetworks.testChain(args)) {
      return false;
    }
    return ChainNetworks.namesMainnet(args)
        || ChainNetworks.onMainnet(scan, step)
        || ChainNetworks.namesMainnet(OtherHosts.source(scan))
            && !ChainNetworks.testChain(OtherHosts.source(scan));
  }

  /** Adds the call predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put(
        "power-used-on-mainnet",
        CallClues.inAnyCase(POWERS).around(ChainPredicates::powerUsedOnMainnet));
    named.put("edit-removes-contract-guard", ChainPredicates::removesContractGuard);
  }

  /**
   * A request that carries a wallet's secret from the environment ({@code $HOT_WALLET_PRIVATE_KEY},
   * {@code $DEPLOYER_MNEMONIC}) to a host that is not this machine: curl's words, or inline code
   * that reads the variable and makes a request with no chain library to sign with it.
   */
  private static boolean sendsWalletSecret(Scan scan, Step step, Where.Read read) {
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      return code != null
          && code.length() < 64 * 1024
          && walletSecret(code)
          && OtherHosts.has(code, CODE_REQUESTS)
          && !OtherHosts.has(code, CHAIN_LIBRARIES)
          && !ChainNetworks.testChain(code);
    }
    boolean secret = false;
    StringBuilder all = new StringBuilder();
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.length() > 4000) {
        return false;
      }
      all.append(text).append(' ');
      secret |= text.indexOf('$') >= 0 && walletSecret(text);
    }
    return secret && !ChainNetworks.testChain(all.toString());
  }

  /**
   * Whether a text names a variable that holds a wallet's secret: a seed phrase's, or a private
   * key's whose name says whose wallet ({@code DEPLOYER_PRIVATE_KEY}, {@code HOT_WALLET_PK}), not a
   * service's API key ({@code KLAVIYO_PRIVATE_KEY}).
   */
  private static boolean walletSecret(String text) {
    for (String part : WALLET_SECRET_NAMES) {
      for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
        int from = at;
        while (from > 0 && identifier(text.charAt(from - 1))) {
          from--;
        }
        int to = at + part.length();
        while (to < text.length() && identifier(text.charAt(to))) {
          to++;
        }
        String name = text.substring(from, to);
        if (part.equals("_PK") && to != at + part.length()) {
          continue; // _PKG, _PKCS: no key
        }
        if (part.contains("MNEMONIC")
            || part.contains("SEED")
            || OtherHosts.has(name, WALLET_OWNERS)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean identifier(char c) {
    return c == '_' || Character.isLetterOrDigit(c);
  }

  /** {@code cast wallet sign} with a key that is not one of the local nodes' test keys. */
  private static boolean signsWithRealKey(Scan scan, Step step, Where.Read read) {
    for (Word word : step.args()) {
      String text = word.text().toLowerCase(Locale.ROOT);
      for (String key : THROWAWAY_KEYS) {
        if (text.equals(key)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * A request that posts to the beacon API's exits or withdrawal-address changes: curl's data or
   * method, or inline code's post.
   */
  private static boolean postsValidatorExit(Scan scan, Step step, Where.Read read) {
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      return OtherHosts.has(code, BEACON_EXITS) && code.toLowerCase(Locale.ROOT).contains("post");
    }
    boolean route = false;
    boolean posts = false;
    for (Word word : step.args()) {
      String text = word.text();
      route |= text.length() < 4000 && OtherHosts.has(text, BEACON_EXITS);
      posts |=
          text.equals("POST")
              || text.equals("-XPOST")
              || text.startsWith("-d")
              || text.startsWith("--data")
              || text.equals("--json")
              || text.equals("-T")
              || text.equals("-F")
              || text.startsWith("--post");
    }
    return route && (posts || step.program().equals("http") || step.program().equals("xh"));
  }

  /** sqlite3 writing a validator's slashing-protection database. */
  private static boolean slashingDbWritten(Scan scan, Step step, Where.Read read) {
    boolean database = false;
    boolean writes = false;
    for (Word word : step.args()) {
      String text = word.text().toLowerCase(Locale.ROOT);
      if (text.length() > 4000) {
        continue;
      }
      database |= text.contains("slashing_protection") || text.contains("slashing-protection");
      writes |=
          text.contains("delete")
              || text.contains("drop ")
              || text.contains("update ")
              || text.contains("insert ")
              || text.contains("vacuum into")
              || text.startsWith(".restore");
    }
    return database && writes;
  }

  /** A service manager stopping, killing or disabling a validator's, a beacon's or a node's. */
  private static boolean stopsValidatorService(Scan scan, Step step, Where.Read read) {
    List<Word> args = step.args();
    if (step.program().equals("kubectl") || step.program().equals("oc")) {
      // kubectl scale sts/lighthouse-vc --replicas=0
      boolean scale = false;
      boolean none = false;
      boolean validator = false;
      for (int i = 0; i < args.size(); i++) {
        String text = args.get(i).text();
        scale |= text.equals("scale");
        none |=
            text.equals("--replicas=0")
                || text.equals("--replicas")
                    && i + 1 < args.size()
                    && args.get(i + 1).text().equals("0");
        validator |= !text.startsWith("-") && validatorService(text);
      }
      return scale && none && validator;
    }
    if (Set.of("pkill", "killall", "kill").contains(step.program())) {
      // pkill -f lighthouse, killall geth, kill $(pidof agave-validator)
      for (Word word : args) {
        String text = word.text();
        if (!text.startsWith("-") && validatorService(text.replace("$(pidof ", ""))) {
          return true;
        }
      }
      return false;
    }
    if (step.program().equals("service")) {
      // service <name> stop
      return args.size() >= 2
          && Set.of("stop", "force-stop").contains(args.get(1).text())
          && validatorService(args.get(0).text());
    }
    boolean stops = false;
    for (Word word : args) {
      String text = word.text();
      if (Set.of("stop", "kill", "disable", "mask", "rm").contains(text)) {
        stops = true;
        continue;
      }
      if (!stops || text.startsWith("-")) {
        continue;
      }
      if (validatorService(text)) {
        return true;
      }
    }
    return false;
  }

  private static boolean validatorService(String name) {
    String unit = name.toLowerCase(Locale.ROOT);
    return OtherHosts.has(unit, VALIDATOR_SERVICES)
        && !ChainNetworks.testChain(unit)
        && !unit.contains("test")
        && !unit.contains("dev");
  }

  /** {@code graph deploy} to a node that is not this machine's (the hosted service, a studio). */
  private static boolean indexerNotLocal(Scan scan, Step step, Where.Read read) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String node = null;
      if ((text.equals("--node") || text.equals("-g")) && i + 1 < args.size()) {
        node = args.get(i + 1).text();
      } else if (text.startsWith("--node=")) {
        node = text.substring(7);
      }
      if (node != null && ChainNetworks.testChain(node)) {
        return false;
      }
    }
    return true;
  }

  /**
   * A contract's power (ownership, roles, a multisig's owners, an upgrade, an approval) named in a
   * call that names mainnet and runs a script or code, or in a provider's acting tool's arguments:
   * what was found, or {@code null}.
   */
  private static String powerUsedOnMainnet(Scan scan) {
    String source = scan.source();
    CallForRules call = scan.call();
    String text;
    if (source != null) {
      if (source.length() > 64 * 1024 || !OtherHosts.has(source, POWERS)) {
        return null; // most commands: a few lookups
      }
      boolean runs = false;
      for (Step step : scan.steps()) {
        String program = step.program();
        runs |= RUNNERS.contains(program) || program.contains("/") || step.interpreter();
      }
      if (!runs) {
        return null;
      }
      text = source;
    } else {
      String tool = call.tool().toLowerCase(Locale.ROOT);
      if (FILE_TOOLS.contains(tool) || OtherHosts.has(tool, TOOL_READS)) {
        return null;
      }
      text = call.args().toString();
      boolean broadcasts = text.contains("\"broadcast\":true");
      if (!broadcasts && !OtherHosts.has(tool, TOOL_ACTS)) {
        return null;
      }
      if (tool.contains("sign")
          && OtherHosts.has(tool, CHAIN_TOOLS)
          && !ChainNetworks.testChain(text)) {
        return call.tool() + " with a wallet's key"; // a signature is good on every chain
      }
      if (!OtherHosts.has(text, POWERS) && !OtherHosts.has(tool, CHAIN_TOOLS)) {
        return null;
      }
      if (ChainNetworks.namesMainnet(text) && !OtherHosts.has(text, POWERS)) {
        return call.tool() + " on mainnet"; // a wallet's tool sending or signing
      }
    }
    if (!ChainNetworks.namesMainnet(text)) {
      return null;
    }
    for (String power : POWERS) {
      if (text.contains(power)) {
        return power.replace("(", "") + " on mainnet";
      }
    }
    return null;
  }

  /** An edit of a Solidity file that takes out a safeguard the old text had. */
  private static String removesContractGuard(Scan scan) {
    CallForRules call = scan.call();
    String tool = call.tool();
    if (!tool.equals("edit") && !tool.equals("multi_edit")) {
      return null;
    }
    JsonNode path = EditCalls.pathNode(call.args());
    if (path == null || !path.isTextual() || !path.asText().endsWith(".sol")) {
      return null; // most edits: one lookup
    }
    String before = EditCalls.text(call.args(), "old_string", "old_str");
    String after = EditCalls.text(call.args(), "new_string", "new_str");
    if (before == null || after == null) {
      return null;
    }
    String taken = null;
    int left = 0;
    for (String guard : SOL_GUARDS) {
      int had = count(before, guard);
      int has = count(after, guard);
      left += has - had;
      if (had > has && taken == null) {
        taken = guard;
      }
    }
    // A guard swapped for another (onlyOwner for onlyRole(ADMIN)) leaves as many as there were.
    return taken == null || left >= 0
        ? null
        : taken.replace("(", "") + " taken out of " + path.asText();
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
      n++;
    }
    return n;
  }
}
