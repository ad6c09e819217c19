package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The literal gate before a pattern ({@link PatternLiterals}) may only pass over a text where the
 * pattern finds nothing: the texts read from a pattern's syntax are shown on patterns of each
 * construct, and every pattern of the classes that gate theirs is read over every example of their
 * families' rules in the book, as given and in lower case, asking that wherever it finds something
 * its gate was open.
 *
 * <p>Tagged {@code book}: it holds the rule book to itself (its examples, its patterns' gates, its
 * table in the docs). {@code .ci/run} runs it on JDK 17 and leaves it out of the newest JDK's run,
 * where {@code WholeDecisionsTest} still decides every example whole: a JDK that read a pattern
 * otherwise fails there.
 */
@Tag("book")
class PatternLiteralsTest {
  private static final Path MAIN =
      Path.of("src/main/java/io/github/providergateway/guard/internal");

  @Test
  void eachAlternativeGivesItsLongestNeededRun() {
    assertThat(literals("\\bfoo\\s*\\(|bar-?bazz")).containsExactly("foo", "barbazz", "bar-bazz");
    assertThat(literals("customerrequestdataerasure|shopredact"))
        .containsExactly("customerrequestdataerasure", "shopredact");
    assertThat(literals("(?i)\\bCLUSTER\\s+FAILOVER\\b")).containsExactly("failover");
    assertThat(literals("--dry[-_]?run\\b")).containsExactly("--dry");
    assertThat(literals("abcd?e")).containsExactly("abce", "abcde");
    assertThat(literals("abc+def")).containsExactly("abc");
    assertThat(literals("ab{0,2}cdef")).containsExactly("cdef");
    assertThat(literals("\\.myshopify\\.com")).containsExactly(".myshopify.com");
  }

  @Test
  void aCharacterThatMayBeAbsentSpellsTheRunBothWays() {
    assertThat(literals("\\be-?verify\\w*")).containsExactly("everify", "e-verify");
    assertThat(literals("(?<![-\\w])-(?:all)?dates?=")).containsExactly("date=", "dates=");
    assertThat(literals("x-?y-?zz")).containsExactly("xyzz", "xy-zz", "x-yzz", "x-y-zz");
    // Past four spellings the run ends there, as a run ends at any other quantifier.
    assertThat(literals("ab?c?d?efg")).containsExactly("efg");
    assertThat(literals("s?tatus")).containsExactly("tatus", "status");
    assertThat(PatternLiterals.mayFind(Pattern.compile("\\be-?verify\\w*"), "mvn -B verify"))
        .isFalse();
    assertThat(PatternLiterals.mayFind(Pattern.compile("\\be-?verify\\w*"), "run e-verify"))
        .isTrue();
  }

  @Test
  void aGroupThatMustMatchGivesEachOfItsAlternatives() {
    assertThat(literals("\\b(?:product|order)s?\\b")).containsExactly("product", "order");
    assertThat(literals("x(?:alpha|beta)+y")).containsExactly("alpha", "beta");
    assertThat(literals("(?<name>alpha|beta)")).containsExactly("alpha", "beta");
    assertThat(literals("ab(?:alpha|beta)?")).isNull(); // "ab" too short, the group may be absent
    assertThat(literals("(?:alpha|)z")).isNull();
  }

  @Test
  void whatMatchesNoCharacterGivesNothing() {
    assertThat(literals("(?!CONCURRENTLY\\b)[a-z]+|(?<=foo)bar")).isNull();
    assertThat(literals("(?<!NO)\\b(?:SUPERUSER|BYPASSRLS)\\b"))
        .containsExactly("SUPERUSER", "BYPASSRLS");
    assertThat(literals("(?m:^\\s*(?:PAUSE|SUSPEND)\\s*$)")).containsExactly("PAUSE", "SUSPEND");
  }

  @Test
  void aConstructNotReadLeavesThePatternAlwaysTried() {
    assertThat(literals("(abc)\\1")).isNull();
    assertThat(literals("\\Qabc\\E")).isNull();
    assertThat(literals("\\x41bcd")).isNull();
    assertThat(literals("(?x)abc # comment")).isNull();
    assertThat(literals("(?iu)strasse")).isNull();
    assertThat(PatternLiterals.of(Pattern.compile("abcd", Pattern.COMMENTS))).isNull();
    assertThat(literals("abcd|[xyz]+")).isNull();
    assertThat(literals("ab|cd")).isNull(); // shorter than worth a look-up
    assertThat(PatternLiterals.mayFind(Pattern.compile("ab|cd"), "zz")).isTrue();
  }

  @Test
  void caseIsIgnoredWhereThePatternIgnoresIt() {
    Pattern set = Pattern.compile("(?i)\\bSET\\s+UNLOGGED\\b");
    assertThat(PatternLiterals.mayFind(set, "alter table t set unlogged")).isTrue();
    assertThat(PatternLiterals.mayFind(set, "ALTER TABLE t SET UnLogged")).isTrue();
    assertThat(PatternLiterals.mayFind(set, "select 1")).isFalse();
    Pattern exact = Pattern.compile("shopredact");
    assertThat(PatternLiterals.mayFind(exact, "SHOPREDACT")).isFalse();
    assertThat(PatternLiterals.mayFind(exact, "x shopredact y")).isTrue();
    Pattern flag = Pattern.compile("shopredact", Pattern.CASE_INSENSITIVE);
    assertThat(PatternLiterals.mayFind(flag, "ShopRedact")).isTrue();
  }

  /**
   * Every pattern the gated classes keep in a constant, over every example of their families: where
   * it finds something, its gate is open.
   */
  // Every gated pattern over every example of its families, and over its copy in lower case where
  // that can differ: 1,101 patterns, 5.8 million finds (7.0 million before the copies a pattern
  // that ignores case reads alike were left out); 130 s of a fork in a full verify on two cores,
  // over the default 3 minutes at a load of 10 (decision 197's helper saw it time out three
  // times). A hang is still bounded.
  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void noFamilysPatternFindsWhatItsGateShutsOut() throws Exception {
    List<Pattern> patterns = familyPatterns();
    Texts read = texts();
    List<String> texts = read.all();
    assertThat(patterns).hasSizeGreaterThan(400);
    assertThat(texts).hasSizeGreaterThan(3_000);

    int gated = 0;
    int found = 0;
    List<String> missed = new ArrayList<>();
    for (Pattern pattern : patterns) {
      if (PatternLiterals.of(pattern) == null) {
        continue;
      }
      gated++;
      for (String text : foldsAsciiCase(pattern) ? read.butAsciiLowered() : texts) {
        if (pattern.matcher(text).find()) {
          found++;
          if (!PatternLiterals.mayFind(pattern, text)) {
            missed.add(pattern.pattern() + " in: " + text);
          }
        }
      }
    }
    assertThat(gated).isGreaterThan(300);
    assertThat(found).isGreaterThan(20_000);
    assertThat(missed).isEmpty();
  }

  /**
   * Whether a pattern finds the same in an ASCII text and in its copy in lower case, and its gate
   * opens on both alike: it ignores case throughout, with no class of letters of one case ({@code
   * \p{Lower}}, {@code \p{Upper}}) and no group that turns case back on. For such a pattern the
   * copies in lower case of ASCII texts are left out: they cannot find what their text does not,
   * and they were half the test's minutes.
   */
  private static boolean foldsAsciiCase(Pattern pattern) {
    String regex = pattern.pattern();
    boolean ignoresCase =
        (pattern.flags() & Pattern.CASE_INSENSITIVE) != 0 || regex.startsWith("(?i)");
    return ignoresCase && !regex.contains("\\p{") && !regex.contains("-i");
  }

  private static List<String> literals(String regex) {
    return PatternLiterals.of(Pattern.compile(regex));
  }

  /** Each constant pattern of the internal package's classes that read theirs through the gate. */
  static List<Pattern> familyPatterns() throws Exception {
    List<Pattern> patterns = new ArrayList<>();
    List<Path> sources;
    try (Stream<Path> files = Files.list(MAIN)) {
      sources = files.filter(file -> file.toString().endsWith(".java")).sorted().toList();
    }
    for (Path source : sources) {
      String name = source.getFileName().toString().replace(".java", "");
      Class<?> type = Class.forName(PatternLiterals.class.getPackageName() + "." + name);
      if (!Files.readString(source).contains("PatternLiterals.")) {
        continue; // a class whose patterns are read with no gate
      }
      for (Field field : type.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers()) && field.getType() == Pattern.class) {
          field.setAccessible(true);
          patterns.add((Pattern) field.get(null));
        }
      }
    }
    return patterns;
  }

  /** The families whose classes read their patterns behind the gate. */
  private static final java.util.Set<String> GATED_FAMILIES =
      java.util.Set.of(
          "apple",
          "boot",
          "clinical",
          "commerce",
          "copies",
          "customers",
          "databases",
          "deferred",
          "interpreters",
          "land",
          "money",
          "network",
          "people",
          "records",
          "shapes",
          "telephony",
          "tooling",
          "windows");

  /**
   * The texts the gates are read over.
   *
   * @param all each example as given and in lower case
   * @param butAsciiLowered the same but the copies in lower case of ASCII examples
   */
  private record Texts(List<String> all, List<String> butAsciiLowered) {}

  /** The examples of the families whose patterns are gated, each as given and in lower case. */
  private static Texts texts() {
    java.util.Set<String> given = new java.util.LinkedHashSet<>(examples(GATED_FAMILIES::contains));
    java.util.Set<String> all = new java.util.LinkedHashSet<>(given);
    java.util.Set<String> butAsciiLowered = new java.util.LinkedHashSet<>(given);
    for (String text : given) {
      String lower = text.toLowerCase(Locale.ROOT);
      all.add(lower);
      if (!text.chars().allMatch(c -> c < 0x80)) {
        butAsciiLowered.add(lower);
      }
    }
    return new Texts(new ArrayList<>(all), new ArrayList<>(butAsciiLowered));
  }

  /** The examples of the book's rules whose family is one {@code families} takes, as given. */
  static List<String> examples(java.util.function.Predicate<String> families) {
    List<String> given = new ArrayList<>();
    for (RuleSpec spec : RuleBook.specs()) {
      if (!families.test(spec.rule().category())) {
        continue;
      }
      List<RuleSpec.Example> examples = new ArrayList<>(spec.examples().deny());
      examples.addAll(spec.examples().ask());
      examples.addAll(spec.examples().allow());
      for (RuleSpec.Example example : examples) {
        if (example.text() != null) {
          given.add(example.text());
        }
      }
    }
    return given;
  }
}
