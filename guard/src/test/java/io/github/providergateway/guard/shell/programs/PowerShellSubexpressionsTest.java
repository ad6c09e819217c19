package io.github.providergateway.guard.shell.programs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A cmdlet's call in parentheses, as PowerShell passes a value ({@code (Get-Date).AddDays(-2)}), is
 * read as the shell's substitution, its command still seen; strings are left as they are.
 */
class PowerShellSubexpressionsTest {
  @Test
  void aCmdletsCallAsAValueIsASubstitutionAndItsMembersAreDropped() {
    assertThat(ForeignCode.subexpressions("Get-MessageTrace -StartDate (Get-Date).AddDays(-2)"))
        .isEqualTo("Get-MessageTrace -StartDate $(Get-Date)");
    assertThat(ForeignCode.subexpressions("Get-ChildItem (Remove-Item -Recurse ~/x)"))
        .isEqualTo("Get-ChildItem $(Remove-Item -Recurse ~/x)");
  }

  @Test
  void stringsAndOtherParenthesesAreLeftAsTheyAre() {
    for (String code :
        new String[] {
          "Write-Host \"(Remove-Item -Recurse ~)\"",
          "Write-Host '(Get-Date)'",
          "if ($x -eq 1) { Get-Date }",
          "$a = @(Get-ChildItem)",
          "Get-Mailbox -Identity (Get-Mailbox -Filter \"x\").Identity"
        }) {
      assertThat(ForeignCode.subexpressions(code)).as(code).isEqualTo(code);
    }
  }
}
