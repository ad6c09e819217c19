package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The words of a call that say it stays on this machine or on test data ({@link
 * SharedActs#localOrTest}, kept apart from it as it grew): a local host, a test's, staging's or
 * scratch's name, a copy kept, a site alias named for staging or tests.
 */
final class LocalOrTestWords {
  private LocalOrTestWords() {}

  /** An option that names a kind: its value {@code local} is a kind, not a place. */
  private static final Pattern KIND_OPTION =
      Pattern.compile("--?[a-z0-9-]*(?:type|kind|class|category)", Pattern.CASE_INSENSITIVE);

  /**
   * Whether a call's hosts or words name this machine or test data: a local host, a word naming
   * tests, staging or scratch ({@code /tmp/borg-test}, {@code dev}), a copy kept ({@code backup}),
   * a site alias named so ({@code wp @staging}, decision 244).
   *
   * @param step the program
   * @param args its arguments
   * @return whether they do
   */
  static boolean named(Step step, List<Word> args) {
    for (String host : Environments.hosts(step)) {
      if (Environments.localHost(host) && !SideChannels.onlyIn(host, args)) {
        return true; // not --metrics-addr 127.0.0.1:9100 alone (decision 325)
      }
    }
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.length() > 1 && text.length() < 64 && text.indexOf('/') < 0 && siteAlias(text)) {
        return true; // wp @staging, drush @dev: a site alias named for staging or tests
      }
      if (text.startsWith("@")
          || ActReach.optionsFileValue(args, i)
          || SideChannels.valueOf(args, i)) {
        // --notify ops@staging.acme.io, --report-url https://reports.staging…: a side channel's
        // (decision 325)
        continue; // @/tmp/fa.args, --log /tmp/x.log: a file it reads or writes, not its target
      }
      if (text.indexOf(' ') >= 0) {
        continue; // --reason "connectivity test before release": free text, not a place (d. 154)
      }
      if (TestRigs.named(text)) {
        return true; // --gates lab-bench-01, --target flatsat-lab: a test rig (decision 336)
      }
      text = MailDomains.placeOf(text); // dev.helper@proton.me: a person's name; its domain's place
      if (i > 0 && CERTIFICATION.contains(text) && ENV_OPTION.contains(args.get(i - 1).text())) {
        return true; // --env CERT: a partner's certification environment, where filings are tried
      }
      if (TradeNouns.at(args, i)) {
        continue; // --stage S1, sample edit, SOP-QA-0012: a trade's thing, not a test's place
      }
      if (adjectiveOption(text)) {
        continue; // --local-authority leeds: an option's name, not a test's place (decision 256)
      }
      if (i > 0 && PatternLiterals.matches(KIND_OPTION, args.get(i - 1).text())) {
        // --call-type local: a kind of call, not this machine (decision 253); --type
        // pressure-test: a kind of record, not a test's place (decision 298)
        continue;
      }
      if (OtherHosts.companyDomainHost(text)) {
        continue; // cad-app01.mcec.local: a company's domain, not a local test (decision 164)
      }
      if (text.startsWith("/dev/")) {
        continue; // lmremove … cfd-ws12 /dev/tty: a device file, not a development place (d. 334)
      }
      if (TestPlaceNamed.testOrStagingWord(text)) {
        return true;
      }
      if (text.length() < 128
          && text.toLowerCase(Locale.ROOT).contains("backup")
          && !restoring(args)) {
        return true; // a copy made to keep: the safe side of an act, unless it is put back
      }
      if (text.length() < 128 && text.indexOf('.') > 0) {
        String last = text.substring(text.lastIndexOf('.') + 1);
        if (ShapeWords.TEST_WORDS.contains(last)) {
          return true; // com.acme.shop.debug
        }
      }
    }
    return false;
  }

  /** The words that put a copy back over what is there: {@code restore}, {@code --rollback}. */
  private static final Set<String> PUTTING_BACK =
      NameSet.of("restore", "rollback", "revert", "recover");

  /**
   * Whether the command puts a copy back (decision 298: {@code ignition-gwcmd --restore
   * north_gateway_backup_2022.gwbk --host ign-gw01}): a backup named is then what overwrites the
   * live one, not the safe side of the act.
   */
  private static boolean restoring(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      if (text.length() > 64) {
        continue;
      }
      for (String part :
          ServiceVerbs.split(text.startsWith("-") ? text.replaceFirst("^-+", "") : text)) {
        if (PUTTING_BACK.contains(part)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * A certification or training environment's names, read only as an environment option's value
   * ({@code --env training}: decision 257).
   */
  private static final Set<String> CERTIFICATION =
      NameSet.of(
          "CERT",
          "cert",
          "Cert",
          "certification",
          "SIT",
          "sit",
          "training",
          "TRAINING",
          "Training",
          // decision 305: a lab's environment (smsc-cli send --env lab)
          "lab",
          "LAB",
          "Lab");

  /** The options that name an environment. */
  private static final Set<String> ENV_OPTION =
      NameSet.of("--env", "--environment", "-e", "--stage", "--target-env");

  /** The words an option that chooses a place may hold beside the place's name. */
  private static final Set<String> PLACE_OPTION_WORDS =
      NameSet.of(
          "mode",
          "only",
          "env",
          "environment",
          "use",
          "run",
          "db",
          "data",
          "server",
          "host",
          "target",
          "site",
          "stage",
          "instance",
          "url");

  /**
   * An option whose name holds a test's word among others that name no place ({@code
   * --local-authority}, {@code --test-results-file}): its name says what it is about, not where the
   * call acts; {@code --local}, {@code --use-staging} and {@code --test-mode} still choose a place.
   */
  static boolean adjectiveOption(String text) {
    if (!text.startsWith("-") || text.length() > 64) {
      return false;
    }
    int eq = text.indexOf('=');
    String name = text.substring(text.startsWith("--") ? 2 : 1, eq > 0 ? eq : text.length());
    String[] parts = name.toLowerCase(Locale.ROOT).split("[-_]");
    if (parts.length < 2) {
      return false;
    }
    for (String part : parts) {
      if (!Environments.testName(part)
          && !Environments.stagingHost(part)
          && !PLACE_OPTION_WORDS.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a word is a site's alias named for staging or tests: {@code @staging}, {@code @dev}
   * (wp-cli's, drush's); the caller bounds the word.
   *
   * @param text the word
   * @return whether it is
   */
  static boolean siteAlias(String text) {
    if (text.isEmpty() || text.charAt(0) != '@') {
      return false;
    }
    String alias = text.substring(1);
    return Environments.stagingHost(alias) || Environments.testName(alias);
  }
}
