package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Inline code that runs a command through another name for the call (issue 80): a module imported
 * under an alias, a function imported or assigned under another name, an attribute named by joined
 * strings or computed, node's child_process reached by a subscript or destructured under a name.
 */
class InlineByAnotherNameTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiterString = "=>",
      quoteCharacter = '\u0000',
      textBlock =
          """
          python3 -c "import subprocess as s; s.run(['rm','-rf','/home/ada'])" => fs.delete-home
          python3 -c "from os import system as x; x('rm -rf /home/ada')" => fs.delete-home
          python3 -c "from subprocess import PIPE, run as go; go(['rm','-rf','/'])" => fs.delete-root
          python3 -c "import os; getattr(os, 'sys'+'tem')('rm -rf /home/ada')" => fs.delete-home
          python3 -c "o=__import__('os'); o.system('rm -rf /home/ada')" => fs.delete-home
          python3 -c "import importlib; sp=importlib.import_module('subprocess'); sp.call('rm -rf /', shell=True)" => fs.delete-root
          python3 -c "import subprocess; r=subprocess.run; r(['rm','-rf','/home/ada'])" => fs.delete-home
          node -e "require('child_process')['ex'+'ecSync']('rm -rf /home/ada')" => fs.delete-home
          node -e "const m='execSync'; require('child_process')[m]('rm -rf /home/ada')" => fs.delete-home
          node -e "const {execSync: run} = require('child_process'); run('rm -rf /home/ada')" => fs.delete-home
          node -e "const cp = require('child_process'); const go = cp.execSync; go('rm -rf /')" => fs.delete-root
          """)
  void readsTheCallItStandsFor(String command, String rule) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.ruleId()).as(command + ": " + verdict.reason()).isEqualTo(rule);
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "python3 -c \"import os; n='sys'+'tem'; getattr(os, n)(input())\"",
        "python3 -c \"import os, sys; getattr(os, sys.argv[1])('ls')\" system"
      })
  void asksAboutAComputedCall(String command) {
    assertThat(standard.decide(shell(command)).outcome()).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "python3 -c \"import subprocess as s; print(s.run(['git','status']).returncode)\"",
        "python3 -c \"import numpy as np; print(np.zeros(3))\"",
        "python3 -c \"from os import path as p; print(p.exists('x'))\"",
        "python3 -c \"import json; d=json.loads('{}'); print(getattr(d, 'get')('a'))\"",
        "node -e \"const a=[1,2]; console.log(a[0]); console.log(/x/['test']('x'))\""
      })
  void allowsOrdinaryCodeUnderOtherNames(String command) {
    assertThat(standard.decide(shell(command)).outcome()).isEqualTo(Outcome.ALLOW);
  }
}
