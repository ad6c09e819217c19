package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Another host and the project's own (decision 96), as the attacks rules read a program's words.
 */
class OtherHostsTest {
  @Test
  void aTargetIsAUrlsHostAnAddressOrANameWithADot() {
    assertThat(OtherHosts.anotherHost(words("-sV", "api.partner-example.net")))
        .isEqualTo("api.partner-example.net");
    assertThat(OtherHosts.anotherHost(words("-l", "admin", "ssh://vpn.example.org:2222")))
        .isEqualTo("vpn.example.org");
    assertThat(OtherHosts.anotherHost(words("root@203.0.113.7:22"))).isEqualTo("203.0.113.7");
    assertThat(OtherHosts.anotherHost(words("-p-", "198.51.100.0/24")))
        .isEqualTo("198.51.100.0/24");
  }

  @Test
  void filesPortsAndScriptsAreNoTargets() {
    assertThat(
            OtherHosts.anotherHost(
                words("-oN", "scan.txt", "-p", "22,443", "--script", "vuln", "-iL", "hosts.lst")))
        .isNull();
    assertThat(OtherHosts.anotherHost(words("-P", "/usr/share/wordlists/rockyou.txt"))).isNull();
  }

  @Test
  void thisMachineItsContainersAndStagingAreTheProjectsOwn() {
    for (String host :
        List.of(
            "127.0.0.1",
            "localhost",
            "app.localhost",
            "host.docker.internal",
            "172.18.0.3",
            "staging.acme.com",
            "api.test")) {
      assertThat(OtherHosts.ownHost(host)).as(host).isTrue();
    }
    for (String host :
        List.of("192.168.1.1", "10.0.0.5", "partner.example.net", "172.16.4.2", "127.0.0.0/8")) {
      assertThat(OtherHosts.ownHost(host)).as(host).isFalse();
    }
  }

  @Test
  void aTargetTheGuardCannotReadIsAnothers() {
    List<Word> args = new ArrayList<>(words("-Pn"));
    args.add(new Word("$TARGET", false));
    assertThat(OtherHosts.anotherHost(args)).isEqualTo("?");
    List<Word> ports = new ArrayList<>(words("-p"));
    ports.add(new Word("$PORTS", false));
    ports.add(Word.literal("127.0.0.1"));
    assertThat(OtherHosts.anotherHost(ports)).isNull();
  }

  @Test
  void aToolAimedAtNoHostOfItsOwnIsAimedElsewhere() {
    assertThat(OtherHosts.aimsElsewhere(words("-L", "u.txt", "-M", "targets.txt", "ssh"))).isTrue();
    assertThat(OtherHosts.aimsElsewhere(words("-h", "localhost", "-u", "admin"))).isFalse();
    assertThat(OtherHosts.aimsElsewhere(words("-h"))).isFalse();
    assertThat(OtherHosts.aimsElsewhere(words("--help", "x"))).isFalse();
  }

  private static List<Word> words(String... texts) {
    List<Word> words = new ArrayList<>();
    for (String text : texts) {
      words.add(Word.literal(text));
    }
    return words;
  }

  @Test
  void aCompanysLocalDomainIsReadInAUrlAShareAGluedValueOrFullyQualified() {
    // decision 168, the red team of decision 164
    assertThat(OtherHosts.companyDomainHost("cad-app01.mcec.local")).isTrue();
    assertThat(OtherHosts.companyDomainHost("https://cad-app01.mcec.local/api")).isTrue();
    assertThat(OtherHosts.companyDomainHost("//fs01.mcec.local/records")).isTrue();
    assertThat(OtherHosts.companyDomainHost("--cad-host=cad-app01.mcec.local")).isTrue();
    assertThat(OtherHosts.companyDomainHost("CAD-APP01.MCEC.LOCAL.")).isTrue();
    assertThat(OtherHosts.companyDomainHost("svc@cad-app01.mcec.local:22")).isTrue();
    assertThat(OtherHosts.companyDomainHost("https://raspi-lab-03.local/")).isFalse();
    assertThat(OtherHosts.companyDomainHost("--settings=harborview.settings.local")).isFalse();
    assertThat(OtherHosts.companyDomainHost("--cad-host")).isFalse();
    assertThat(OtherHosts.withoutCompanyDomain("hazlog-stg.corp.local"))
        .isEqualTo("hazlog-stg.corp");
    assertThat(OtherHosts.withoutCompanyDomain("raspi.local")).isEqualTo("raspi.local");
  }
}
