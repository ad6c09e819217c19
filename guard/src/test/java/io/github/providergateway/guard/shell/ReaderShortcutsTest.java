package io.github.providergateway.guard.shell;

import static io.github.providergateway.guard.shell.Rendering.parse;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The reader's shortcuts for long commands, each pushed one step past what it may do: a keyword
 * found by its first character and length, a word made once per text and literalness, and the
 * characters of a long text read into the array of an earlier one.
 */
class ReaderShortcutsTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          if a; then b; elif c; then e; else d; fi → a\\nb\\nc\\ne\\nd
          iff a; thenx b; fix              → iff a\\nthenx b\\nfix
          while a; do b; done              → a\\nb
          dox a; donex; doner b            → dox a\\ndonex\\ndoner b
          { a; }                           → a
          {a; }x                           → {a\\n}x
          ! a; !a                          → a\\n!a
          "if" a; i\\f b; 'do' c; d\\o e    → if a\\nif b\\ndo c\\ndo e
          if$x a; do'x' b; fi"" c; functionxyz d → «if$x» a\\ndox b\\nfi c\\nfunctionxyz d
          for i in a b; do c; done         → c
          for x in y; do c; done; inx z    → c\\ninx z
          time a; timex b; time -p c       → {time} a\\ntimex b\\n{time} c
          case a in x) b;; esac; esacx c   → b\\nesacx c
          [[ -f a ]] && [[x                → [[x
          function f { a; }; functionx g   → a\\nfunctionx g
          coproc a; coprocx b; select s in t; do u; done → a\\ncoprocx b\\nu
          fi<(a) b; done>(c) d             → «fi<(a)» b\\n<(…) a\\n«done>(c)» d\\n>(…) c
          if\\\\n a; then\\\\n b; fi             → a\\nb
          """)
  void keywordsAreFoundByTheirWholeRunNotByTheirFirstCharacter(String command, String expected) {
    assertThat(parse(unescape(command))).as(command).isEqualTo(unescape(expected));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          echo ~/x '~/x' ~/x "~/x" ~/x     → echo «~/x» ~/x «~/x» ~/x «~/x»
          echo a 'a' "a" a\\b 'ab' ab      → echo a a a ab ab ab
          echo Aa "BB" 'Aa' BB "Aa" 'BB'   → echo Aa BB Aa BB Aa BB
          echo "$f" '$f' "$f" $f           → echo «$f» $f «$f» «$f»
          echo 'a*' a* 'a*' "a*"           → echo a* «a*» a* a*
          echo "" '' "" x                  → echo [] [] [] x
          """)
  void aWordSaidAgainIsTheSameOnlyInTextAndLiteralness(String command, String expected) {
    // "Aa" and "BB" share String's hash: the text itself decides, never the hash alone.
    assertThat(parse(unescape(command))).as(command).isEqualTo(unescape(expected));
  }

  @Test
  void aLongCommandReadAfterALongerOneSeesOnlyItsOwnCharacters() throws Exception {
    String longer = commands("rm -rf /", 60_000);
    String shorter = commands("echo 'a b'", 2_000) + " && cat <<EOF\n$(rm x)\nEOF\n";
    String alone = parse(shorter);
    assertThat(parse(longer)).endsWith("rm -rf /");
    // The spare array now holds the longer text; the shorter one must not read past its end.
    assertThat(parse(shorter)).isEqualTo(alone).endsWith("$(…) rm x");
    assertThat(parse(commands("ls", 1_500) + " x\\")).endsWith("ls x\\");
  }

  @Test
  void longCommandsReadAtOnceEachReadTheirOwnText() throws Exception {
    // One spare array, many readings at once: each takes it whole or copies its own text; a
    // long backquoted script inside a long command is a reading within a reading.
    List<String> commands = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      String inner = commands("cat f" + i, 1_200 + 300 * i).replace("'", "");
      commands.add(commands("git status " + i, 20_000 + 9_000 * i) + " && echo `" + inner + "`");
    }
    List<String> expected = new ArrayList<>();
    for (String command : commands) {
      expected.add(parse(command));
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> results = new ArrayList<>();
      for (int round = 0; round < 40; round++) {
        for (int i = 0; i < commands.size(); i++) {
          int k = i;
          results.add(pool.submit(() -> parse(commands.get(k)).equals(expected.get(k))));
        }
      }
      for (Future<Boolean> result : results) {
        assertThat(result.get(30, TimeUnit.SECONDS)).isTrue();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void eachCommandKeepsItsOwnWordsThoughTheyShareOneArray() throws Exception {
    // Commands of 1 to 40 words, and one of 1,500: their runs cross the reader's arrays' ends.
    StringBuilder command = new StringBuilder();
    List<List<String>> expected = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      int count = i == 150 ? 1_500 : 1 + (i * 7) % 40;
      List<String> words = new ArrayList<>();
      for (int w = 0; w < count; w++) {
        words.add("w" + i + "." + w);
      }
      expected.add(words);
      command.append(i == 0 ? "" : "; ").append(String.join(" ", words));
    }
    List<Invocation> invocations = ShellParser.parse(command.toString()).invocations();
    assertThat(invocations).hasSize(expected.size());
    for (int i = 0; i < expected.size(); i++) {
      assertThat(invocations.get(i).words()).extracting(Word::text).isEqualTo(expected.get(i));
    }
  }

  /** {@code step} joined by {@code &&} to about {@code size} characters. */
  private static String commands(String step, int size) {
    StringBuilder sb = new StringBuilder(step);
    while (sb.length() < size) {
      sb.append(" && ").append(step);
    }
    return sb.toString();
  }

  private static String unescape(String text) {
    return text == null ? "" : text.replace("\\t", "\t").replace("\\n", "\n");
  }
}
