package io.github.providergateway.gateway.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code match.file} globs become regexes that run under the regex guard; each must match exactly
 * the paths the JDK's own {@code glob:} path matcher does, which is the meaning the spec gives
 * them.
 */
class GlobsTest {

  private static final List<String> GLOBS =
      List.of(
          "*.sql",
          "**/*.sql",
          "src/*.java",
          "src/**",
          "db/??.sql",
          "?",
          "*",
          "**",
          "[abc].txt",
          "[!abc].txt",
          "[a-c]x",
          "[!a-c]x",
          "[a-]z",
          "x[.]y",
          "{a,b}.txt",
          "*.{java,kt}",
          "{src,test}/**/*.java",
          "{}x",
          "a,b",
          "a}b",
          "a.b",
          "a+b",
          "a(b)",
          "a|b",
          "a^b$",
          "\\*.md",
          "\\?",
          "\\[x]",
          "\\{a,b}",
          "a\\\\b");

  private static final List<String> PATHS =
      List.of(
          "a.sql",
          "db/001.sql",
          "db/01.sql",
          "src/A.java",
          "src/x/A.java",
          "test/x/A.java",
          "a.txt",
          "b.txt",
          "d.txt",
          "ax",
          "bx",
          "dx",
          "-x",
          "].md",
          "a.md",
          "z.md",
          "-z",
          "az",
          "x.y",
          "xzy",
          "Main.java",
          "Main.kt",
          "Main.py",
          "x",
          "a,b",
          "a}b",
          "a.b",
          "aab",
          "a+b",
          "a(b)",
          "a|b",
          "a^b$",
          "*.md",
          "x.md",
          "?",
          "[x]",
          "{a,b}",
          "a\\b",
          "",
          "/",
          "a/b");

  static Stream<String> globs() {
    return GLOBS.stream();
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("globs")
  void aGlobMatchesExactlyThePathsTheJdksGlobMatcherDoes(String glob) {
    PathMatcher jdk = FileSystems.getDefault().getPathMatcher("glob:" + glob);
    Pattern ours = Pattern.compile(Globs.toRegex(glob));

    List<String> disagreements = new ArrayList<>();
    for (String path : PATHS) {
      if (ours.matcher(path).matches() != jdk.matches(Path.of(path))) {
        disagreements.add(path);
      }
    }

    assertThat(disagreements).as("paths where %s and the JDK disagree", glob).isEmpty();
  }

  @Test
  void aClosingBracketFirstInAClassIsItself() {
    // The JDK's own glob matcher cannot compile these (its regex leaves the ']' unescaped).
    assertThat(Pattern.compile(Globs.toRegex("[]a].md")).matcher("].md").matches()).isTrue();
    assertThat(Pattern.compile(Globs.toRegex("[]a].md")).matcher("a.md").matches()).isTrue();
    assertThat(Pattern.compile(Globs.toRegex("[]a].md")).matcher("b.md").matches()).isFalse();
    assertThat(Pattern.compile(Globs.toRegex("[!]a].md")).matcher("b.md").matches()).isTrue();
    assertThat(Pattern.compile(Globs.toRegex("[!]a].md")).matcher("].md").matches()).isFalse();
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(strings = {"[abc", "[!", "{a,b", "{a,{b}}", "a\\", "[]"})
  void aMalformedGlobIsInvalid(String glob) {
    assertThat(Globs.isValid(glob)).isFalse();
    assertThatThrownBy(() -> Globs.toRegex(glob)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aWellFormedGlobIsValid() {
    assertThat(GLOBS).allMatch(Globs::isValid);
  }

  private static JsonNode args(String json) throws Exception {
    return new ObjectMapper().readTree(json);
  }

  @Test
  void aGlobWithoutSlashSeesTheFileNameAndOneWithASlashTheWholePath() throws Exception {
    JsonNode args = args("{\"path\":\"db\\\\migrations\\\\001.sql\"}");

    assertThat(Globs.fileArgument("*.sql", args)).isEqualTo("001.sql");
    assertThat(Globs.fileArgument("db/**", args))
        .as("backslashes read as separators")
        .isEqualTo("db/migrations/001.sql");
    assertThat(Globs.fileArgument("*", args("{\"path\":\"plain\"}"))).isEqualTo("plain");
  }

  @Test
  void theFileArgumentIsPathThenFileThenFilePathAndMustBeText() throws Exception {
    assertThat(Globs.fileArgument("*", args("{\"filePath\":\"c\",\"file\":\"b\",\"path\":\"a\"}")))
        .isEqualTo("a");
    assertThat(Globs.fileArgument("*", args("{\"filePath\":\"c\",\"file\":\"b\"}"))).isEqualTo("b");
    assertThat(Globs.fileArgument("*", args("{\"path\":7,\"filePath\":\"c\"}"))).isEqualTo("c");
    assertThat(Globs.fileArgument("*", args("{\"content\":\"x.sql\"}"))).isNull();
  }
}
