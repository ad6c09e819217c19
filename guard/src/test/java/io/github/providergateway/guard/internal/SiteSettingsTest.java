package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Decision 101: what a SaaS admin write lowers, read from its path and body; each lowering that
 * denies fails here when it turns into nothing, and each near-miss when it starts to deny.
 */
class SiteSettingsTest {
  private static String lowered(String path, String body) {
    return SiteSettings.lowered(path, SiteSettings.normalised(body));
  }

  @Test
  void aZonesSettingIsLoweredOnlyToTheValuesThatLowerIt() {
    assertThat(lowered("/zones/z/settings/ssl", "{\"value\": \"flexible\"}")).contains("ssl");
    assertThat(lowered("/zones/z/settings/ssl", "{'value':'OFF'}")).contains("off");
    assertThat(lowered("/zones/z/settings/security_level", "{\"value\":\"essentially_off\"}"))
        .isNotNull();
    assertThat(lowered("/zones/z/settings/ssl", "{\"value\":\"strict\"}")).isNull();
    assertThat(lowered("/zones/z/settings/min_tls_version", "{\"value\":\"1.2\"}")).isNull();
  }

  @Test
  void aProtectionTurnedOffIsLoweredAndAnythingElseTurnedOffIsNot() {
    assertThat(lowered("attack-protection/brute-force-protection", "{\\\"enabled\\\":false}"))
        .isNotNull();
    assertThat(lowered("guardian/factors/otp", "{\"enabled\": false}")).isNotNull();
    assertThat(lowered("rules/rul_1", "{\"enabled\": false}")).isNull();
    assertThat(lowered("guardian/factors/otp", "{\"enabled\": true}")).isNull();
  }

  @Test
  void callbacksOpenToAWildcardOrASecondDomainAndNotToThisMachine() {
    assertThat(SiteSettings.openRedirects("https://www.acme.com/cb,https://*.vercel.app/cb"))
        .contains("wildcard");
    assertThat(
            SiteSettings.openRedirects("https://www.acme.com/cb https://auth-acme.example.org/cb"))
        .contains("another domain");
    assertThat(SiteSettings.openRedirects("https://www.acme.com/cb,https://shop.acme.com/cb"))
        .isNull();
    assertThat(SiteSettings.openRedirects("http://localhost:3000/cb,https://www.acme.com/cb"))
        .isNull();
  }

  @Test
  void theWholeSiteMarkedNoindexIsLoweredButAStagingZonesIsNot() {
    String body =
        "{\"rules\":[{\"expression\":\"true\",\"action_parameters\":{\"headers\":"
            + "{\"X-Robots-Tag\":{\"value\":\"noindex\"}}}}]}";
    assertThat(lowered("https://api.cloudflare.com/client/v4/zones/$cf_zone_id/rulesets", body))
        .contains("noindex");
    assertThat(
            lowered(
                "https://api.cloudflare.com/client/v4/zones/$cf_staging_zone_id/rulesets", body))
        .isNull();
  }

  @Test
  void theIdentityProvidersFieldsAreReadAsTheyAreSpelt() {
    assertThat(lowered("/admin/realms/acme/clients/1", "{\"redirectUris\":[\"*\"]}")).isNotNull();
    assertThat(lowered("/user-pool-client", "{\"CallbackURLs\": [\"https://*.acme.com/cb\"]}"))
        .isNotNull();
    assertThat(lowered("/admin/realms/acme/clients/1", "{\"webOrigins\":[\"+\"]}")).isNull();
  }

  @Test
  void aBodyIsReadOverItsFirst8KiBOnly() {
    String padding = "x".repeat(9000);
    assertThat(lowered("/zones/z/settings/ssl", padding + "{\"value\":\"off\"}")).isNull();
  }
}
