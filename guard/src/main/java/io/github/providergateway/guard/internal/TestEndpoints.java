package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.shell.Word;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A service's test or sandbox endpoint, where a request acts on no one (decision 103): read from
 * environments.json's {@code testEndpoints}. A domain with a label that starts {@code sandbox}
 * (Mailgun's {@code sandbox7f3a1c.mailgun.org}, wherever it stands in the request), a URL whose
 * host has a test label, whole or a hyphened part ({@code api.test.example.com}, a vendor's
 * staging, preview or implementation tenant), a host the vendor documents as its test environment
 * ({@code demo.docusign.net}, decision 207), or a service's own switch for a test event or a
 * validation only ({@code test_event_code=}, {@code validate_only=true}). Part of the local test
 * data notion ({@link Environments#localTestData}) for requests to another's service.
 */
final class TestEndpoints {
  private static final List<String> SANDBOX_PREFIXES;
  private static final Set<String> TEST_LABELS;
  private static final List<String> TEST_MARKERS;
  private static final Set<String> HYPHENED_TEST_LABELS;
  private static final Set<String> WHOLE_TEST_LABELS;
  private static final Set<String> TEST_HOSTS;

  /** The longest word read for a domain or a marker: longer ones are bodies read only so far. */
  private static final int MAX_READ = 16384;

  static {
    JsonNode book;
    try (InputStream in = TestEndpoints.class.getResourceAsStream(Environments.RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the guard's rule book has no environments.json");
      }
      book = new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("environments.json does not read", e);
    }
    JsonNode endpoints = book.path("testEndpoints");
    SANDBOX_PREFIXES = Environments.strings(endpoints, "sandboxPrefixes");
    TEST_LABELS = Set.copyOf(Environments.strings(endpoints, "testLabels"));
    TEST_MARKERS = Environments.strings(endpoints, "testMarkers");
    HYPHENED_TEST_LABELS = Set.copyOf(Environments.strings(endpoints, "hyphenedTestLabels"));
    WHOLE_TEST_LABELS = Set.copyOf(Environments.strings(endpoints, "wholeTestLabels"));
    TEST_HOSTS = Set.copyOf(Environments.strings(endpoints, "testHosts"));
  }

  private TestEndpoints() {}

  /**
   * {@return whether the program's request is to a test endpoint: one of its words, or its inline
   * code, names one or carries a marker}
   */
  static boolean in(Step step) {
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      return code != null && names(code);
    }
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String text = word.written() != null ? word.written() : word.text();
      if (text.startsWith("-") && text.indexOf('=') < 0) {
        continue; // --ignore-local-lock: an option's name, no endpoint (decision 318)
      }
      if (SideChannels.valueOf(args, i)) {
        continue; // --callback http://localhost:8080/hook: not where the request goes (d. 325)
      }
      if (names(text)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a text (a word of a request, or inline code) names a sandbox domain, a URL on a test
   * host, or carries a test marker.
   *
   * @param text the text
   * @return whether it does
   */
  static boolean names(String text) {
    String t = text.length() > MAX_READ ? text.substring(0, MAX_READ) : text;
    t = t.toLowerCase(Locale.ROOT);
    for (String marker : TEST_MARKERS) {
      if (t.contains(marker)) {
        return true;
      }
    }
    for (String prefix : SANDBOX_PREFIXES) {
      for (int at = t.indexOf(prefix); at >= 0; at = t.indexOf(prefix, at + 1)) {
        if (sandboxLabel(t, at, prefix.length())) {
          return true;
        }
      }
    }
    for (int at = t.indexOf("://"); at >= 0; at = t.indexOf("://", at + 1)) {
      if (testHost(t, at + 3)) {
        return true;
      }
    }
    return false;
  }

  /** A label starting at {@code at} (after a start, {@code . / @ :} or a quote) that a dot ends. */
  private static boolean sandboxLabel(String t, int at, int length) {
    if (at > 0 && "./@:'\"= ".indexOf(t.charAt(at - 1)) < 0) {
      return false;
    }
    int end = at + length;
    while (end < t.length() && (Character.isLetterOrDigit(t.charAt(end)) || t.charAt(end) == '-')) {
      end++;
    }
    // a domain's label, not its last: sandbox7f3a1c.mailgun.org, not sandbox.py or sandbox/
    int next = end + 1;
    return end < t.length()
        && t.charAt(end) == '.'
        && next < t.length()
        && Character.isLetterOrDigit(t.charAt(next))
        && t.indexOf('.', next) > 0
        && t.indexOf('.', next) < hostEnd(t, next);
  }

  private static int hostEnd(String t, int from) {
    int end = from;
    while (end < t.length()
        && (Character.isLetterOrDigit(t.charAt(end))
            || t.charAt(end) == '-'
            || t.charAt(end) == '.')) {
      end++;
    }
    return end;
  }

  /**
   * Whether the host starting at {@code from} has a test label other than its last, whole or as a
   * hyphened part of one: a vendor's test tenant ({@code api.checkr-staging.com}, {@code
   * api-sandbox.demo.deel.com}, {@code wd5-impl-services1.workday.com}; decision 138).
   */
  private static boolean testHost(String t, int from) {
    String host = t.substring(from, hostEnd(t, from));
    if (TEST_HOSTS.contains(host)) {
      return true; // a vendor's documented test host (decision 207): demo.docusign.net
    }
    String[] labels = host.split("\\.");
    for (int i = 0; i + 1 < labels.length; i++) {
      if (TEST_LABELS.contains(labels[i]) || WHOLE_TEST_LABELS.contains(labels[i])) {
        return true;
      }
      if (labels[i].indexOf('-') > 0) {
        for (String part : labels[i].split("-")) {
          if (TEST_LABELS.contains(part) || HYPHENED_TEST_LABELS.contains(part)) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
