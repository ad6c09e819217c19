package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A long text is read with only the alternatives of a pattern that may match in it ({@link
 * PatternAlternatives}): shown on patterns of each kind, and every constant pattern of the classes
 * that read theirs through {@link PatternLiterals} is read over long texts made of the book's
 * examples, asking that the alternatives kept find exactly what the whole pattern finds, match by
 * match and group by group.
 *
 * <p>Tagged {@code book}: it holds the rule book to itself (its examples, its patterns' gates, its
 * table in the docs). {@code .ci/run} runs it on JDK 17 and leaves it out of the newest JDK's run,
 * where {@code WholeDecisionsTest} still decides every example whole: a JDK that read a pattern
 * otherwise fails there.
 */
@Tag("book")
class PatternAlternativesTest {
  /** A text long enough to be read with fewer alternatives, holding {@code words}. */
  private static String longText(String words) {
    return "x ".repeat(PatternAlternatives.LONG) + words;
  }

  @Test
  void alternativesWhoseWordsAreAbsentAreLeftOut() {
    Pattern pattern = Pattern.compile("\\balpha\\b|beta\\s+gamma|delta");
    String text = longText("a delta and a beta  gamma");
    Pattern over = PatternAlternatives.over(pattern, text);
    assertThat(over.pattern()).isEqualTo("beta\\s+gamma|delta");
    assertThat(PatternLiterals.finds(pattern, longText("nothing here"))).isFalse();
    assertThat(PatternAlternatives.over(pattern, longText("nothing here"))).isNull();
    assertThat(PatternAlternatives.over(pattern, longText("alpha beta gamma delta")))
        .isSameAs(pattern);
  }

  @Test
  void aShortTextIsReadWithTheWholePattern() {
    Pattern pattern = Pattern.compile("alpha|beta");
    assertThat(PatternAlternatives.over(pattern, "beta")).isSameAs(pattern);
    assertThat(PatternAlternatives.over(pattern, "gamma")).isNull();
  }

  @Test
  void anAlternativeWithNoWordIsAlwaysKept() {
    Pattern pattern = Pattern.compile("alpha|\\d{3}-\\d{4}|beta");
    assertThat(PatternAlternatives.over(pattern, longText("beta")).pattern())
        .isEqualTo("\\d{3}-\\d{4}|beta");
  }

  @Test
  void groupsKeepTheirNumbers() {
    Pattern pattern = Pattern.compile("(alpha)(\\d)|beta(?:x)?|gamma=(\\w+)");
    String text = longText("gamma=value");
    Matcher matcher = PatternLiterals.matcher(pattern, text);
    assertThat(matcher.pattern().pattern()).isEqualTo("(?!)()()|gamma=(\\w+)");
    assertThat(matcher.find()).isTrue();
    assertThat(matcher.group(3)).isEqualTo("value");
    assertThat(matcher.group(1)).isNull();
    assertThat(PatternAlternatives.groups("(a)(?:b)(?<=c)[(]\\(")).isEqualTo(1);
    assertThat(PatternAlternatives.groups("(?<name>a)")).isEqualTo(-1);
    assertThat(PatternAlternatives.groups("[a[b]](c)")).isEqualTo(-1);
  }

  @Test
  void aNamedGroupIsKept() {
    Pattern pattern = Pattern.compile("(?<first>alpha)|beta");
    assertThat(PatternAlternatives.over(pattern, longText("beta"))).isSameAs(pattern);
  }

  @Test
  void flagsAtTheStartHoldForWhatIsKeptAndFlagsInsideLeaveThePatternWhole() {
    Pattern leading = Pattern.compile("(?i)alpha|beta");
    Pattern over = PatternAlternatives.over(leading, longText("BETA"));
    assertThat(over.pattern()).isEqualTo("(?i)beta");
    assertThat(over.matcher(longText("BETA")).find()).isTrue();
    Pattern inside = Pattern.compile("alpha|(?i)beta|gamma");
    assertThat(PatternAlternatives.over(inside, longText("GAMMA"))).isSameAs(inside);
    Pattern scoped = Pattern.compile("alpha|(?i:beta)|gamma");
    assertThat(PatternAlternatives.over(scoped, longText("gamma")).pattern()).isEqualTo("gamma");
  }

  /**
   * Every constant pattern of the classes that gate theirs, over long texts of the book's examples:
   * the alternatives kept find what the whole pattern finds, and where none is kept the whole
   * pattern finds nothing.
   */
  @Test
  void theAlternativesKeptFindWhatTheWholePatternFinds() throws Exception {
    List<Pattern> patterns = PatternLiteralsTest.familyPatterns();
    List<String> texts = texts();
    assertThat(patterns).hasSizeGreaterThan(400);
    assertThat(texts).hasSizeGreaterThan(100);

    int reduced = 0;
    int found = 0;
    List<String> differ = new ArrayList<>();
    for (Pattern pattern : patterns) {
      for (String text : texts) {
        Pattern over = PatternAlternatives.over(pattern, text);
        if (over == pattern) {
          continue;
        }
        reduced++;
        if (over == null && !PatternLiterals.mayFind(pattern, text)) {
          // No alternative kept, and the whole pattern's literal gate is shut too: that the pattern
          // finds nothing here is the gate's claim, which PatternLiteralsTest proves of every one
          // of these patterns over every example of their families, and which every caller of
          // PatternLiterals relies on alike (PatternLiterals.finds gives false here without a
          // regex). These were 136,611 of the 164,321 pairs it read (decision 333's book) and 71 %
          // of its time, each reading a long text whole. What is not read here any more: the
          // whole pattern over these joins of eight examples, where PatternLiteralsTest reads each
          // example alone and only those of the gated families. A pair with no alternative kept
          // whose gate is open is still read whole (none today).
          continue;
        }
        List<String> whole = matches(pattern, text);
        found += whole.size();
        List<String> kept = over == null ? List.of() : matches(over, text);
        if (!kept.equals(whole)) {
          differ.add(pattern.pattern() + " kept as " + over + " in: " + text);
        }
      }
    }
    assertThat(reduced).isGreaterThan(20_000);
    assertThat(found).isGreaterThan(200);
    assertThat(differ).isEmpty();
  }

  /** Each match: where it starts and ends, and each group. */
  private static List<String> matches(Pattern pattern, String text) {
    List<String> out = new ArrayList<>();
    Matcher matcher = pattern.matcher(text);
    while (matcher.find()) {
      StringBuilder match = new StringBuilder(matcher.start() + "-" + matcher.end());
      for (int g = 1; g <= matcher.groupCount(); g++) {
        match.append('|').append(matcher.group(g));
      }
      out.add(match.toString());
    }
    return out;
  }

  /** How many texts the sweep reads: each is read by every pattern twice, so a few seconds. */
  private static final int TEXTS = 120;

  /**
   * The book's examples, eight at a time joined into one text as a long command would hold them,
   * each as given and in lower case, spread over the book.
   */
  private static List<String> texts() {
    List<String> given = PatternLiteralsTest.examples(family -> true);
    Set<String> texts = new LinkedHashSet<>();
    // spread over the book, families apart: some 80 windows, two texts of most (decision 188
    // added examples and the old spacing of 60 left 98 texts)
    int step = Math.max(8, given.size() * 3 / (TEXTS * 2));
    for (int i = 0; i + 8 <= given.size(); i += step) {
      String text = String.join(" && ", given.subList(i, i + 8));
      if (text.length() >= PatternAlternatives.LONG) {
        texts.add(text);
        texts.add(text.toLowerCase(Locale.ROOT));
      }
    }
    return new ArrayList<>(texts);
  }
}
