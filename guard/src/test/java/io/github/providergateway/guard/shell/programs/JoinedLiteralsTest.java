package io.github.providergateway.guard.shell.programs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Inline code's literals joined at once are read joined (decision 186): each language's joiner,
 * python's and awk's literals side by side; a literal joined to a name, a prefixed or triple-quoted
 * one, or two of different quotes are left as they are.
 */
class JoinedLiteralsTest {
  @Test
  void eachLanguagesJoinedLiteralsAreOne() {
    assertThat(JoinedLiterals.of(InlineLanguage.PYTHON, "getattr(c, 'write_' + 'register')(1)"))
        .isEqualTo("getattr(c, 'write_register')(1)");
    assertThat(JoinedLiterals.of(InlineLanguage.PYTHON, "q('UP' 'DATE t SET a=1')"))
        .isEqualTo("q('UPDATE t SET a=1')");
    assertThat(JoinedLiterals.of(InlineLanguage.NODE, "c.query(\"UPD\"+\"ATE t\" + \" SET a=1\")"))
        .isEqualTo("c.query(\"UPDATE t SET a=1\")");
    assertThat(JoinedLiterals.of(InlineLanguage.PERL, "$d->do('DEL' . 'ETE FROM t')"))
        .isEqualTo("$d->do('DELETE FROM t')");
    assertThat(JoinedLiterals.of(InlineLanguage.AWK, "{ system(\"curl -X DEL\" \"ETE \" $1) }"))
        .isEqualTo("{ system(\"curl -X DELETE \" $1) }");
  }

  @Test
  void whatIsNoJoinOfTwoPlainLiteralsIsLeftAsItIs() {
    String[][] left = {
      {"PYTHON", "getattr(h, 'handle_' + kind)()"},
      {"PYTHON", "f'{a}' + 'b'"},
      {"PYTHON", "print('a', 'b')"},
      {"PYTHON", "x = 'a' + \"b\""},
      {"PYTHON", "'''a''' + 'b'"},
      {"PYTHON", "s = 'a'\n'b'"},
      {"NODE", "s += 'a'; t = 'b' + n"},
      {"AWK", "{ print \"a\", \"b\" }"},
      {"PYTHON", "# it's 'a' + 'b'\nprint(1)"}
    };
    for (String[] code : left) {
      assertThat(JoinedLiterals.of(InlineLanguage.valueOf(code[0]), code[1]))
          .as(code[1])
          .isSameAs(code[1]);
    }
  }

  @Test
  void awkRunsTheCommandItJoinsWithItsFieldsAsUnknownWords() {
    assertThat(
            Programs.inlineRuns(
                InlineLanguage.AWK, "{ system(\"mbpoll -a \" $2 \" -r \" $3 \" \" host) }"))
        .extracting(InlineRun::shell)
        .containsExactly("mbpoll -a $2 -r $3 $host");
    assertThat(
            Programs.inlineRuns(
                InlineLanguage.AWK,
                "BEGIN { cmd = \"curl -H \\\"X-Key: \" ENVIRON[\"KEY\"] \"\\\" https://a.io/\""
                    + " tolower(u); system(cmd) }"))
        .extracting(InlineRun::shell)
        .containsExactly("curl -H \"X-Key: ${KEY}\" https://a.io/$AWK");
  }
}
