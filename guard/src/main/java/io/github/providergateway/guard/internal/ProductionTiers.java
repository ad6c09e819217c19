package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Production named by its tier (decision 205): {@code --env p1}, {@code aks-pay-use2-p1}, {@code
 * $PAYHUB_P1_URL}, {@code /tmp/fedline_p1.p12}. A tier is a letter and a digit, which {@link
 * Environments}' parts would split apart ({@code p} and {@code 1}), so it is read here as a whole
 * run of letters and digits, and only where it stands for a place: not as an option's own name
 * ({@code patch -p1}, {@code xargs -P1}), not as a query's or an assignment's key ({@code
 * ?p1=2024-06-10}), not as a file's name ({@code fig/p1.png}), not standing alone in prose ({@code
 * "fix the P1 alert"}), not as an upper-case label alone or joined otherwise than by {@code _}
 * ({@code P1}, {@code WI-2-P1}), and not as a priority's, a label's or a preset's value ({@code
 * --priority P1}, {@code priority=P1}, {@code --label p1}, {@code -preset p1}). The tiers are the
 * book's ({@code environments.json}'s {@code productionTiers}), as are the words a tier is a value
 * of there ({@code tierNotAfter}).
 */
final class ProductionTiers {
  private static final Set<String> TIERS;
  private static final Set<String> NOT_AFTER;

  /** A settings file's ending: {@code p1.env}, {@code p1.yaml}, {@code p1.properties}. */
  private static final java.util.regex.Pattern SETTINGS =
      java.util.regex.Pattern.compile(
          "(?i)\\.(?:env|ya?ml|json|properties|tfvars|conf|cfg|ini|toml|kubeconfig)(?![A-Za-z0-9])");

  static {
    JsonNode book;
    try (InputStream in = ProductionTiers.class.getResourceAsStream(Environments.RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the guard's rule book has no environments.json");
      }
      book = new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("environments.json does not read", e);
    }
    TIERS = NameSet.copyOf(Environments.strings(book, "productionTiers"));
    NOT_AFTER = Set.copyOf(Environments.strings(book, "tierNotAfter"));
  }

  private ProductionTiers() {}

  /**
   * Whether a program's words name production: one of them by a name or a tier, a tier not being
   * the value of an option that says a priority, a label or a preset ({@code --priority P1}).
   */
  static boolean wordsName(List<Word> args) {
    String before = "";
    for (Word word : args) {
      String text = word.text();
      String written = word.written();
      if (Environments.namedByName(text) || written != null && Environments.namedByName(written)) {
        return true;
      }
      if ((names(text) || written != null && names(written)) && !valueOfNotAfter(before)) {
        return true;
      }
      before = text;
    }
    return false;
  }

  /** {@code --priority}, {@code -preset}, {@code --labels}: an option a tier is no place after. */
  private static boolean valueOfNotAfter(String option) {
    if (!option.startsWith("-")) {
      return false;
    }
    String name = option.replaceFirst("^-+", "").toLowerCase(Locale.ROOT);
    return NOT_AFTER.contains(name);
  }

  /** Whether a text names production by a tier standing for a place. */
  static boolean names(String text) {
    if (text.length() > 4096) {
      return false;
    }
    boolean prose = false; // text.chars().anyMatch(Character::isWhitespace), with no stream made
    for (int i = 0; i < text.length() && !prose; i++) {
      prose = Character.isWhitespace(text.charAt(i));
    }
    int start = -1;
    for (int i = 0; i <= text.length(); i++) {
      boolean part = i < text.length() && Character.isLetterOrDigit(text.charAt(i));
      if (part && start < 0) {
        start = i;
      } else if (!part && start >= 0) {
        if (tier(text, start, i) && standsForAPlace(text, start, i, prose)) {
          return true;
        }
        start = -1;
      }
    }
    return false;
  }

  /**
   * Whether a part of a text, in lower case, is a tier: looked up where it lies when it is in lower
   * case ASCII already (most words' parts), with no part made.
   */
  private static boolean tier(String text, int start, int end) {
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      if (c >= 128 || c >= 'A' && c <= 'Z') {
        return TIERS.contains(text.substring(start, end).toLowerCase(Locale.ROOT));
      }
    }
    return NameSet.holdsPart(TIERS, text, start, end);
  }

  private static boolean standsForAPlace(String text, int start, int end, boolean prose) {
    char before = start == 0 ? ' ' : text.charAt(start - 1);
    char after = end == text.length() ? ' ' : text.charAt(end);
    if (text.substring(0, start).matches("-+")) {
      return false; // patch -p1, xargs -P1: the option's own name
    }
    if (after == '=') {
      return false; // ?p1=2024-06-10: a key
    }
    int scheme = text.indexOf("://");
    int path = scheme < 0 ? -1 : text.indexOf('/', scheme + 3);
    if (path >= 0 && start > path) {
      return false; // https://api.example.com/v1/payrolls/p1/submit: a record's id; the host says
    }
    if (Character.isUpperCase(text.charAt(start))
        && !(before == '_' || after == '_' || before == '=')) {
      return false; // P1, WI-2-P1: a priority's, a probe's label; $PAYHUB_P1_URL names the tier
    }
    if ((start == 0 || before == '/') && fileNamedFirst(text, start)) {
      return false; // fig/p1.png, out/p1_ada.txt: a file's own name; ops/env/p1.env is the tier's
    }
    boolean joined = isJoin(before) || isJoin(after);
    if (prose && !joined) {
      return false; // "fix the P1 alert": a word of a sentence
    }
    return !afterNotAfter(text, start);
  }

  /** Whether the tier begins the name of a file whose ending is no settings file's. */
  private static boolean fileNamedFirst(String text, int start) {
    int slash = text.indexOf('/', start);
    String name = text.substring(start, slash < 0 ? text.length() : slash);
    int dot = name.lastIndexOf('.');
    return dot > 0
        && dot < name.length() - 1
        && Character.isLetter(name.charAt(dot + 1))
        && !SETTINGS.matcher(name).region(dot, name.length()).lookingAt();
  }

  private static boolean isJoin(char c) {
    return c == '-' || c == '_' || c == '.' || c == '/';
  }

  /** {@code priority=P1}, {@code labels:p1}: the run before the tier says what it is. */
  private static boolean afterNotAfter(String text, int start) {
    int end = start - 1;
    while (end >= 0 && !Character.isLetterOrDigit(text.charAt(end))) {
      end--;
    }
    int begin = end;
    while (begin >= 0 && Character.isLetterOrDigit(text.charAt(begin))) {
      begin--;
    }
    return end >= 0
        && NOT_AFTER.contains(text.substring(begin + 1, end + 1).toLowerCase(Locale.ROOT));
  }
}
