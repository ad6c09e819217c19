package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * A company's own tool asked to hand over the secret it keeps (decision 307, {@code
 * secrets.company-tool-reveals}): {@code cardctl keys export --keyset DESFIRE-MASTER --out
 * /tmp/k.json}, {@code walletctl seed show --wallet hot-1}, {@code safectl master-code show --room
 * 1412}. Every trade has a tool that holds keys, seeds or master codes, and the guard knows none of
 * them by name; what they share is the words: a secret's noun ({@code keys}, {@code seed}, {@code
 * master-code}) and a verb that hands it out ({@code export}, {@code show}, {@code dump}) among the
 * command words, or an option that unmasks ({@code --reveal}, {@code --plaintext}). The secret then
 * lies in the transcript, where the agent and its provider read it, or in a file outside its store.
 *
 * <p>A tool the guard reads by name is its family's ({@link UnnamedToolActs#unnamed}, {@link
 * BookIndex#names}: vault, op, pass are {@code secrets.store-printed}'s, ethdo the chain's), a
 * public program is none of the company's ({@link TradeToolCommands#companyTool}: {@code borg key
 * export} is the backup's own advice), and a test's or staging's keys are let through. A {@code
 * pin} is no secret's noun here ({@code halcmd show pin} is a machine's signal); beside {@code
 * master} it is, and {@code recovery} beside {@code codes} or {@code key} (decision 336: a fleet's
 * disk recovery keys, {@code mdmctl escrow filevault export --all}). Listing keys ({@code keys
 * list}) names no secret's value.
 */
final class CompanySecretReveals {
  private CompanySecretReveals() {}

  /** How many command words are read. */
  private static final int WORDS = 4;

  /** How many arguments are looked at for them. */
  private static final int SCAN = 12;

  /** The nouns of a secret's value, as a command word's parts name it. */
  private static final Set<String> SECRETS =
      NameSet.of(
          "key",
          "keys",
          "keyset",
          "keysets",
          "keypair",
          "keypairs",
          "privkey",
          "masterkey",
          "seed",
          "seeds",
          "mnemonic",
          "mnemonics",
          "secret",
          "secrets",
          "credential",
          "credentials",
          "creds",
          "password",
          "passwords",
          "passwd",
          "passphrase",
          "apikey",
          "apikeys",
          "token",
          "tokens",
          // a disk's recovery keys kept for a fleet, and the stores of keys (decision 336)
          "escrow",
          "filevault",
          "bitlocker",
          "keychain",
          "keystore",
          "totp");

  /** The parts that, beside {@code master}, name a master secret ({@code master-code}). */
  private static final Set<String> MASTER_OF = NameSet.of("code", "codes", "pin", "key", "keys");

  /** The verbs that hand a secret out. */
  private static final Set<String> REVEALS =
      NameSet.of(
          "export",
          "exports",
          "dump",
          "show",
          "reveal",
          "print",
          "get",
          "cat",
          "display",
          "download",
          "extract",
          "decrypt",
          "unwrap",
          "backup",
          "read",
          "view",
          "fetch");

  /** The options that unmask what a command shows. */
  private static final Set<String> UNMASKING =
      NameSet.of(
          "--reveal",
          "--show-secret",
          "--show-secrets",
          "--plaintext",
          "--plain-text",
          "--decrypt",
          "--unmask",
          "--show-keys",
          "--show-key",
          "--cleartext");

  /** Whether {@code step} is a company's tool asked to hand out a secret it keeps. */
  static boolean reveals(Scan scan, Step step) {
    // the words first: every program of every call is asked, and few name a secret
    return handsOut(step.args())
        && UnnamedToolActs.unnamed(scan, step)
        && TradeToolCommands.companyTool(scan.source(), step)
        && !BookIndex.names(step.program())
        && !SharedActs.localOrTest(step, RemarkOptions.without(step.args()));
  }

  /** Whether the command words name a secret and a verb that hands it out, or an unmasking. */
  static boolean handsOut(List<Word> args) {
    // What each part of the words read says, gathered as they are split: no set of the parts made
    boolean secret = false;
    boolean master = false;
    boolean masterOf = false;
    boolean reveals = false;
    boolean unmasked = false;
    int taken = 0;
    for (int i = 0; i < args.size() && i < SCAN; i++) {
      Word word = args.get(i);
      String text = word.text();
      if (text.equals("--")) {
        break;
      }
      if (text.startsWith("-")) {
        int eq = text.indexOf('=');
        unmasked |= UNMASKING.contains(eq < 0 ? text : text.substring(0, eq));
        continue;
      }
      if (taken < WORDS
          && word.literal()
          && !text.isEmpty()
          && Character.isLetter(text.charAt(0))
          && text.indexOf('/') < 0
          && text.length() <= 40
          && (i == 0 || !args.get(i - 1).text().startsWith("-"))) {
        taken++;
        List<String> parts = ServiceVerbs.split(text);
        for (int p = 0; p < parts.size(); p++) {
          String part = parts.get(p);
          secret |= SECRETS.contains(part);
          master |= part.equals("master");
          master |= part.equals("recovery"); // recovery-codes, recovery key (decision 336)
          masterOf |= MASTER_OF.contains(part);
          reveals |= REVEALS.contains(part);
        }
      }
    }
    return (secret || master && masterOf) && (unmasked || reveals);
  }
}
