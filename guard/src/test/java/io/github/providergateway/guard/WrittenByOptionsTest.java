package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files programs write through an option or an operand's place, read as writes (issue 60, after
 * fresh set B): each denied on the guard's own settings, each allowed on the project's files.
 */
class WrittenByOptionsTest {
  private static final String OWN = "/home/ada/.claude/settings.json";

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gsed -i s/a/b/ " + OWN,
        "awk -i inplace '{print}' " + OWN,
        "gawk --include=inplace '{print}' " + OWN,
        "sort -o " + OWN + " x",
        "sort --output=" + OWN + " x",
        "uniq x " + OWN,
        "tar -xf x.tar -C /home/ada/.claude",
        "tar xf x.tar --directory=/home/ada/.claude",
        "unzip -o x.zip -d /home/ada/.claude",
        "patch " + OWN + " x.patch",
        "cpio -i -D /home/ada/.claude",
        "split -b1 x " + OWN,
        "csplit -f " + OWN + " x 1",
        "yq -i '.a=1' " + OWN,
        "ed -s " + OWN,
        "gio save " + OWN,
        "link ./x " + OWN,
      })
  void aWriteThroughAnOptionOfTheGuardsOwnFileIsDenied(String command) {
    GuardVerdict verdict = guard(GuardPreset.STANDARD).decide(shell(command));
    assertThat(verdict.outcome()).as(command).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).as(command).isEqualTo("guard.self");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "sort -o out.txt in.txt",
        "uniq -c counts.txt",
        "tar -xzf /tmp/fixtures.tar.gz -C tests/fixtures/",
        "tar -czf /tmp/backup.tgz -C /home/ada/.claude .",
        "patch -p1 < fix.patch",
        "yq -i '.version=\"2\"' chart.yaml",
        "unzip x.zip -d /tmp/x",
        "split -l 1000 data.csv parts/data-",
        "gawk -i inplace '{print}' notes.txt",
      })
  void theSameOnTheProjectsFilesIsAllowed(String command) {
    assertThat(guard(GuardPreset.STANDARD).decide(shell(command)).allowed()).as(command).isTrue();
  }
}
