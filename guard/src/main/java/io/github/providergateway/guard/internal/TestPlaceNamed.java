package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a call that names production as its place names a test or staging place too, and so acts
 * there (decision 157, for {@code shapes.production-acts}): only where a place is named. A test
 * word stands for a place as the value of an option that chooses one ({@code --env test}, {@code
 * --target=sandbox}, {@code --config config/test.yaml}, a short option's word), as a host (this
 * machine's, a staging one), as a flag that is one ({@code --local}, {@code --sandbox}) or as a
 * positional word that is no path ({@code smoke-test}). It does not as a note, a ticket, a
 * requester, a batch's name ({@code --notes test}, {@code --ticket TEST-4411}, {@code
 * --requested-by ci-bot}) or a file of data the program reads ({@code --from-file
 * tests/fixtures/appeals.yaml}, {@code tmp/appeals.csv}): those are what it acts with, and an agent
 * can write any of them to make production's act read as a test's. {@link SharedActs#localOrTest},
 * the reading of calls that name no production, is wider.
 */
final class TestPlaceNamed {
  private TestPlaceNamed() {}

  /** The parts of an option's name that say it chooses where the program acts. */
  private static final Set<String> PLACE_PARTS =
      NameSet.of(
          "env",
          "environment",
          "stage",
          "target",
          "profile",
          "context",
          "cluster",
          "host",
          "hostname",
          "server",
          "url",
          "uri",
          "endpoint",
          "namespace",
          "ns",
          "site",
          "instance",
          "workspace",
          "stack",
          "tenant",
          "region",
          "account",
          "project",
          "db",
          "database",
          "network",
          "realm",
          "org",
          "config",
          "conf",
          "settings",
          "kubeconfig",
          "api",
          "domain",
          "app",
          "deployment",
          "zone",
          "mode",
          "tier",
          "space");

  /** The parts of an option's name that say its value is a file that chooses the place. */
  private static final Set<String> SETTINGS_PARTS =
      NameSet.of("config", "conf", "settings", "kubeconfig", "profile", "env");

  /**
   * Whether the program's words name a test or staging place where they name a place.
   *
   * @param step the program
   * @param args its words (a script's, for an interpreter)
   * @return whether one of them does
   */
  static boolean besideProduction(Step step, List<Word> args) {
    for (String host : Environments.hosts(step)) {
      if (Environments.localHost(host)) {
        return true;
      }
    }
    for (int i = 0; i < args.size() && i < 4 * ShapeWords.SCAN; i++) {
      String text = args.get(i).text();
      if (text.length() > 256 || text.startsWith("@") || TradeNouns.at(args, i)) {
        continue; // --stage S1, sample edit: a trade's thing, not a test's place (round 61)
      }
      if (text.startsWith("-")) {
        int eq = text.indexOf('=');
        if (eq > 0) {
          if (placeOption(text.substring(0, eq), text.substring(eq + 1))) {
            return true; // --env=test
          }
        } else if (bareFlag(args, i)
            && testPlace(text)
            && !turnedOff(text)
            && !LocalOrTestWords.adjectiveOption(text)) {
          // --local, --sandbox; not --no-preview (decision 165), nor --ignore-local-lock, whose
          // test word is what it ignores (decision 318)
          return true;
        }
        continue;
      }
      String option = i > 0 ? args.get(i - 1).text() : "";
      if (takesValue(option, args, i - 1)) {
        if (placeOption(option, text)) {
          return true; // --env test
        }
        continue; // --notes test, --from-file tmp/a.csv: what it acts with
      }
      if (positionalPlace(text)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether an option's name says it chooses where the program acts ({@code --env}, {@code
   * --context=prod-eu}): a tool's {@code set} given only such options points it (decision 168).
   */
  static boolean choosesPlace(String option) {
    int eq = option.indexOf('=');
    String name = option.substring(option.startsWith("--") ? 2 : 1, eq > 0 ? eq : option.length());
    if (name.length() > 48) {
      return false;
    }
    for (String part : ServiceVerbs.split(name)) {
      if (PLACE_PARTS.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code option} chooses the place and {@code value} is a test or staging one. */
  private static boolean placeOption(String option, String value) {
    if (!testPlace(value) || option.length() > 48) {
      return false;
    }
    String name = option.startsWith("--") ? option.substring(2) : option.substring(1);
    List<String> parts = ServiceVerbs.split(name);
    boolean path = value.indexOf('/') >= 0 && !value.contains("://");
    for (String part : parts) {
      if (path
          ? SETTINGS_PARTS.contains(part)
          : PLACE_PARTS.contains(part)
              // --mode sandbox; not --render-mode preview, a mode of something else (d. 168)
              && (!part.equals("mode") || GoAheadSaidOtherwise.runMode(parts))) {
        return true;
      }
    }
    return !path && !option.startsWith("--") && name.length() == 1; // -e test, -s staging
  }

  /** A flag that turns a place off rather than naming it: {@code --no-preview}. */
  private static boolean turnedOff(String flag) {
    return flag.startsWith("--no-") || flag.startsWith("--skip-") || flag.startsWith("--without-");
  }

  /** A word that neither is an option nor holds its value takes the one after it. */
  private static boolean takesValue(String option, List<Word> args, int at) {
    return at >= 0
        && option.startsWith("-")
        && option.indexOf('=') < 0
        && !ShapeWords.ACTING_FLAGS.contains(option)
        && !ShapeWords.EVERYTHING.contains(option)
        && !(bareFlag(args, at) && testPlace(option));
  }

  /** An option followed by another, or by nothing: it takes no value. */
  private static boolean bareFlag(List<Word> args, int at) {
    return at + 1 == args.size() || args.get(at + 1).text().startsWith("-");
  }

  /**
   * A positional word that names a test place as the old reading did ({@code smoke-test}, {@code
   * com.acme.shop.debug}, a staging or this machine's URL), unless it is a path, a file or free
   * text: a file's folder says nothing of where the program acts.
   */
  private static boolean positionalPlace(String text) {
    if (text.contains("://")) {
      String host = Environments.host(text);
      return Environments.localHost(host) || Environments.stagingHost(host);
    }
    if (text.indexOf('/') >= 0 || text.indexOf(' ') >= 0 || ActReach.dataName(text)) {
      return false;
    }
    int eq = text.indexOf('=');
    if (eq > 0) {
      // a setting written (BRAKE_TEST_INTERVAL_H=0, decision 179): a place only where its key
      // chooses one (ENV=staging)
      return eq + 1 < text.length()
          && placeOption("--" + text.substring(0, eq), text.substring(eq + 1));
    }
    if (testPlace(text) || text.toLowerCase(Locale.ROOT).contains("backup")) {
      return true; // a copy made to keep: the safe side of an act
    }
    int dot = text.lastIndexOf('.');
    return dot > 0 && ShapeWords.TEST_WORDS.contains(text.substring(dot + 1));
  }

  /** A test, development or staging name that names no production. */
  private static boolean testPlace(String text) {
    return testOrStagingWord(text)
        && !OtherHosts.companyDomainHost(text) // cad-app01.mcec.local (decision 164)
        && !Environments.namesProduction(text);
  }

  /**
   * Whether a word names a test's, development's or staging's place, by its name ({@code
   * Environments#testName}), as one of the shapes' test words, or as a staging host; a word of 128
   * characters or more is free text, none.
   */
  static boolean testOrStagingWord(String text) {
    return text.length() < 128
        && (Environments.testName(text)
            || ShapeWords.TEST_WORDS.contains(text)
            || Environments.stagingHost(text));
  }
}
