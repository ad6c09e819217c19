package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.shell.Word;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A firewall opened to every address from a command line (decision 179). */
class FirewallOpeningsTest {

  @Test
  void aFirewallOpenedToEveryAddressIsReadInEachCloudsWords() {
    assertThat(everyAddress("--cidr", "0.0.0.0/0")).isTrue();
    assertThat(everyAddress("--ip-permissions", "IpProtocol=tcp,IpRanges=[{CidrIp=0.0.0.0/0}]"))
        .isTrue();
    assertThat(everyAddress("--source-ranges=0.0.0.0/0")).isTrue();
    assertThat(everyAddress("--ipv6-cidr", "::/0")).isTrue();
    assertThat(everyAddress("--source-address-prefixes", "*")).isTrue();
    assertThat(everyAddress("--source-address-prefixes=Internet")).isTrue();
    assertThat(everyAddress("--cidr", "203.0.113.7/32")).isFalse();
    assertThat(everyAddress("--source-address-prefixes", "10.0.0.0/8")).isFalse();
    assertThat(everyAddress("--source-address-prefixes")).isFalse();
  }

  @Test
  void ufwOpensAPortToAnyoneOnlyWithoutARestrictingSource() {
    assertThat(ufw("allow", "6001/tcp")).isTrue();
    assertThat(ufw("allow", "from", "any", "to", "any", "port", "22")).isTrue();
    assertThat(ufw("route", "allow", "80")).isTrue();
    assertThat(ufw("allow", "from", "10.0.0.0/8", "to", "any", "port", "22")).isFalse();
    assertThat(ufw("delete", "allow", "6001/tcp")).isFalse();
    assertThat(ufw("limit", "ssh")).isFalse();
    assertThat(ufw("status")).isFalse();
    assertThat(ufw("default", "allow", "outgoing")).isFalse();
    assertThat(ufw("deny", "23")).isFalse();
  }

  private static boolean everyAddress(String... args) {
    return FirewallOpenings.everyAddress(words(args));
  }

  private static boolean ufw(String... args) {
    return FirewallOpenings.ufwAllowsAnyone(words(args));
  }

  private static List<Word> words(String... args) {
    return Arrays.stream(args).map(Word::literal).toList();
  }
}
