package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A service's request that names the environments it changes, each a test's or staging's (issue 80
 * round 37, decision 232): LaunchDarkly's {@code "path": "/environments/qa/on"}, a semantic patch's
 * {@code "environmentKey": "staging"}, {@code ?env=dev}. A flag flipped in QA changes what QA's
 * builds see; one environment of production's beside it ({@code /environments/production/…}) and
 * the request is production's again.
 */
final class TestEnvironments {
  private TestEnvironments() {}

  /** An environment a request names: in a path, a JSON key, a query parameter. */
  private static final Pattern NAMED =
      Pattern.compile(
          "/environments/([a-z0-9_.-]{1,64})"
              + "|\"environment(?:_?key)?\"\\s*:\\s*\"([a-z0-9_.-]{1,64})\""
              + "|[?&]env(?:ironment)?=([a-z0-9_.-]{1,64})");

  /**
   * Whether the texts (lower case) name at least one environment and every one is a test's or
   * staging's.
   *
   * @param texts the request's words
   * @return whether they do
   */
  static boolean only(List<String> texts) {
    boolean any = false;
    for (String text : texts) {
      if (text.length() > PlatformPredicates.MAX_READ) {
        return false;
      }
      Matcher m = NAMED.matcher(text);
      while (m.find()) {
        String name =
            m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
        if (!Environments.stagingHost(name) && !Environments.testName(name)) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  /** A request's words as they were written, lower case, for {@link #only}. */
  static List<String> texts(List<Word> args) {
    List<String> texts = new ArrayList<>(args.size());
    for (Word word : args) {
      String text = word.written() != null ? word.written() : word.text();
      texts.add(text.toLowerCase(Locale.ROOT));
    }
    return texts;
  }

  /**
   * Whether a request acts on tests only: it carries a service's test key (a test charge voided,
   * decision 144) or names only test environments.
   *
   * @param program the HTTP client
   * @param args its words
   * @return whether it does
   */
  static boolean testsOnly(String program, List<Word> args) {
    return ActsPredicates.carriesTestKey(program, args) || only(texts(args));
  }
}
