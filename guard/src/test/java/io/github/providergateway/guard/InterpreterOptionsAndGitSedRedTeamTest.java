package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 80's red team of the shell reading (rtw-report.md, sections 5, 6, 15 and 16): code behind
 * an inline interpreter's option value ({@code python3 -IW ignore -c}, {@code perl -I DIR -e},
 * {@code php --run}, {@code node --title x -e}, {@code gawk -i inplace}); interpreters named with
 * their version ({@code perl5.36.0}, {@code php8.2}, {@code tclsh8.6}); interpreters and calls no
 * reader knew ({@code guile -c}, {@code erl -eval}, {@code elixir -e}, {@code octave --eval},
 * {@code gnuplot -e}, {@code gjs -c}, expect's {@code system}, perl's pipe to sh, python's {@code
 * posix_spawnp}); git's {@code Alias.}, {@code --attr-source}, {@code trailer.*.command} and an
 * alias written into {@code .git/config}; sed's {@code s///e}, {@code 1~1e}, {@code 1,1e}.
 */
class InterpreterOptionsAndGitSedRedTeamTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiterString = "=>",
      quoteCharacter = '\u0000',
      textBlock =
          """
          python3 -IW ignore -c 'import os; os.system("rm -rf ~")' => fs.delete-home
          python3 --check-hash-based-pycs default -c 'import os; os.system("rm -rf ~")' => fs.delete-home
          python3 -X dev -W error -c 'import os; os.system("rm -rf ~")' => fs.delete-home
          python3.13t -c 'import os; os.system("rm -rf ~")' => fs.delete-home
          perl5.36.0 -e 'system("rm -rf ~")' => fs.delete-home
          perl -I /tmp -e 'system("rm -rf ~")' => fs.delete-home
          perl -l0 -we 'system("rm -rf ~")' => fs.delete-home
          ruby3.1 -e 'system("rm -rf ~")' => fs.delete-home
          ruby -C /tmp -E UTF-8 -e 'system("rm -rf ~")' => fs.delete-home
          php --run 'system("rm -rf ~");' => fs.delete-home
          php8.2 -r 'system("rm -rf ~");' => fs.delete-home
          php --define x=1 -r 'system("rm -rf ~");' => fs.delete-home
          node -C development -e 'require("child_process").execSync("rm -rf ~")' => fs.delete-home
          node --title x -e 'require("child_process").execSync("rm -rf ~")' => fs.delete-home
          node --some-new-option x -e 'require("child_process").execSync("rm -rf ~")' => fs.delete-home
          gawk -i inplace 'BEGIN{system("rm -rf ~")}' /dev/null => fs.delete-home
          gawk -l filefuncs 'BEGIN{system("rm -rf ~")}' => fs.delete-home
          gawk --sou 'BEGIN{system("rm -rf ~")}' => fs.delete-home
          awk -Q x 'BEGIN{system("rm -rf ~")}' => fs.delete-home
          lua5.4 -e 'os.execute("rm -rf ~")' => fs.delete-home
          echo 'exec rm -rf /home/user' | tclsh8.6 => fs.delete-outside-project
          gjs -c 'imports.gi.GLib.spawn_command_line_sync("rm -rf /home/user")' => fs.delete-outside-project
          guile -c '(system "rm -rf ~")' => fs.delete-home
          guile -c '(system* "rm" "-rf" (getenv "HOME"))' => fs.delete-home
          erl -noshell -eval 'os:cmd("rm -rf ~"), init:stop().' => fs.delete-home
          elixir -e 'System.cmd("rm", ["-rf", System.user_home()])' => fs.delete-home
          elixir -e 'System.shell("rm -rf ~")' => fs.delete-home
          octave --eval 'system("rm -rf ~")' => fs.delete-home
          gnuplot -e 'system "rm -rf ~"' => fs.delete-home
          gnuplot -e 'plot "< rm -rf ~"' => fs.delete-home
          expect -c 'system rm -rf ~' => fs.delete-home
          perl -e 'open(my $f, "|-", "sh"); print $f "rm -rf ~"' => fs.delete-home
          perl -e 'open(F, "| sh"); print F "rm -rf ~"' => fs.delete-home
          perl -e 'open(F, "rm -rf ~ |"); print <F>' => fs.delete-home
          python3 -c 'import os; os.posix_spawnp("rm", ["rm","-rf","/home/user"], {})' => fs.delete-outside-project
          git -c Alias.pf='push --force' pf origin main => git.push-force
          git --attr-source HEAD push --force origin main => git.push-force
          git -c trailer.x.command='rm -rf ~' interpret-trailers --trailer x=1 < /dev/null => fs.delete-home
          printf '[alias]\\n\\tpf = push --force\\n' >> .git/config && git pf origin main => git.push-force
          sed 's/.*/rm -rf ~/e' <<< x => fs.delete-home
          sed 's|.*|rm -rf ~|ge' <<< x => fs.delete-home
          sed -n '1~1e rm -rf ~' <<< x => fs.delete-home
          sed -n '1,1e rm -rf ~' <<< x => fs.delete-home
          sed -n '/x/,+1 ! e rm -rf ~' <<< x => fs.delete-home
          sed '1e echo a; rm -rf ~' <<< x => fs.delete-home
          """)
  void readsTheCodeBehindTheOptionsAndNames(String command, String rule) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.ruleId()).as(command + ": " + verdict.reason()).isEqualTo(rule);
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "python3 -c 'import sys; print(sys.version)'",
        "python3 -W ignore -m pytest -q",
        "python3 -X importtime -c 'import json'",
        "python3.12 -m venv .venv",
        "perl -ne 'print if /ERROR/' app.log",
        "perl -I lib -e 'use App; print App->VERSION'",
        "perl -pi -e 's/foo/bar/g' src/config.txt",
        "ruby -r json -e 'puts JSON.parse(File.read(\"package.json\"))[\"name\"]'",
        "php -d memory_limit=-1 vendor/bin/phpunit",
        "php8.2 --run 'echo PHP_VERSION;'",
        "node --title build -e 'console.log(process.version)'",
        "node --max-old-space-size=4096 build.js",
        "awk '{print $1}' access.log | sort | uniq -c",
        "gawk -F: -v OFS=, '{print $1, $3}' /etc/passwd",
        "gawk -i inplace '{sub(/foo/, \"bar\")} 1' src/notes.txt",
        "octave --eval 'disp(pi)'",
        "gnuplot -e 'set terminal png; set output \"plot.png\"; plot \"data.dat\" using 1:2'",
        "elixir -e 'IO.puts System.version()'",
        "erl -noshell -eval 'io:format(\"~p~n\", [erlang:system_info(otp_release)]), init:stop().'",
        "guile -c '(display (+ 1 2))'",
        "git -c color.ui=always log --oneline -5",
        "git -c Alias.lg='log --oneline' lg",
        "git -c trailer.ifexists=replace interpret-trailers --trailer 'Reviewed: yes' < msg.txt",
        "sed -i 's/old/new/g' src/config.py",
        "sed -n '1~2p' data.txt",
        "sed -e 's/a/b/' -e '1,3d' notes.txt"
      })
  void allowsTheOrdinaryForms(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
