package io.github.providergateway.guard.shell.programs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Inline code's literals reversed at once are read reversed (decision 242): python's {@code [::-1]}
 * and ruby's {@code .reverse} on a plain literal; a reversal of a name, of a prefixed, escaped or
 * triple-quoted literal, or another language's, is left as it is.
 */
class ReversedLiteralsTest {
  @Test
  void aLiteralReversedAtOnceIsReadForwards() {
    assertThat(
            ReversedLiterals.of(
                InlineLanguage.PYTHON,
                "import subprocess; subprocess.run('fr- mr'[::-1].split() + ['/home/user'])"))
        .isEqualTo("import subprocess; subprocess.run('rm -rf'.split() + ['/home/user'])");
    assertThat(ReversedLiterals.of(InlineLanguage.PYTHON, "f = getattr(c, 'etirW'[::-1])"))
        .isEqualTo("f = getattr(c, 'Write')");
    assertThat(ReversedLiterals.of(InlineLanguage.RUBY, "system(\"~ fr- mr\".reverse)"))
        .isEqualTo("system(\"rm -rf ~\")");
  }

  @Test
  void aReversedPieceJoinsTheOthers() {
    assertThat(
            Programs.joinedLiterals(
                InlineLanguage.PYTHON, "os.system('mr'[::-1] + ' -rf /home/user')"))
        .isEqualTo("os.system('rm -rf /home/user')");
  }

  @Test
  void whatIsNoReversalOfAPlainLiteralIsLeftAsItIs() {
    String[][] left = {
      {"PYTHON", "print(name[::-1])"},
      {"PYTHON", "print(r'a\\b'[::-1])"},
      {"PYTHON", "print('a\\nb'[::-1])"},
      {"PYTHON", "print('''ab'''[::-1])"},
      {"PYTHON", "print('ab'[::2])"},
      {"RUBY", "puts 'ab'.reverse_each"},
      {"NODE", "console.log('ab'[::-1])"},
      {"PYTHON", "# 'ab'[::-1]\nprint(1)"}
    };
    for (String[] code : left) {
      assertThat(ReversedLiterals.of(InlineLanguage.valueOf(code[0]), code[1]))
          .as(code[1])
          .isSameAs(code[1]);
    }
  }
}
