package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardVerdict;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The commerce rules' reading of a call (decision 125): which store a call names and whether it is
 * the live one, whose host a webhook points at, and the pairs of calls that differ only in what the
 * rules turn on (a development store or the live one, one customer or a list, a limited discount or
 * none, a test key or a live one). What each rule decides of its own examples is RuleBookTest's.
 */
class CommerceCallTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final Guard GUARD = RuleBookTest.guard(GuardPreset.STANDARD);

  private static GuardVerdict shell(String command) {
    return GUARD.decide(
        new GuardCall(
            "shell",
            JSON.createObjectNode().put("command", command),
            Path.of("/work/project"),
            Path.of("/work/project"),
            null));
  }

  @Test
  void aStoreIsNamedByItsHostTheCliOptionOrTheVariable() {
    assertThat(CommerceCall.stores("shopify store execute -s acme-outfitters.myshopify.com -q x"))
        .containsExactly("acme-outfitters");
    assertThat(CommerceCall.stores("shopify theme push --store acme-dev --json"))
        .containsExactly("acme-dev");
    assertThat(CommerceCall.stores("shopify_flag_store=acme-outfitters shopify theme list"))
        .containsExactly("acme-outfitters");
    assertThat(CommerceCall.stores("wp @live option get home")).isEmpty();
  }

  @Test
  void aDevelopmentStoreAStagingAliasAndALocalContainerAreNotTheLiveStore() {
    assertThat(live("shopify store execute -s acme-outfitters.myshopify.com")).isTrue();
    assertThat(live("shopify store execute -s acme-dev.myshopify.com")).isFalse();
    assertThat(live("shopify store execute -s acme-pr-482.myshopify.com")).isFalse();
    assertThat(live("wp @live option update x y")).isTrue();
    assertThat(live("wp @prod option update x y")).isTrue();
    assertThat(live("wp @staging option update x y")).isFalse();
    assertThat(live("wp option update x y")).isFalse();
    assertThat(live("magento-cloud ssh -p abc -e production -- php bin/magento x")).isTrue();
    assertThat(live("magento-cloud ssh -p abc -e master -- php bin/magento x")).isTrue();
    assertThat(live("magento-cloud ssh -p abc -e staging -- php bin/magento x")).isFalse();
    assertThat(live("warden env exec php-fpm bin/magento customer:delete --all")).isFalse();
    assertThat(live("ssh deploy@mage-web-01.acme.internal 'bin/magento x'")).isTrue();
    assertThat(live("ssh deploy@mage-staging-01.acme.internal 'bin/magento x'")).isFalse();
    assertThat(live("mysql -h mage-db-01.acme.internal magento -e 'update x'")).isTrue();
    assertThat(live("mysql -h 127.0.0.1 magento -e 'update x'")).isFalse();
    assertThat(live("curl -x post https://shop.acme.com/rest/v1/salesrules")).isTrue();
    assertThat(live("shopify app deploy --no-release")).isTrue();
  }

  private static boolean live(String text) {
    return CommerceCall.live(text, CommerceCall.stores(text), false);
  }

  @Test
  void aWebhooksHostIsTheStoresWhenItHoldsThePartsOfTheStoresName() {
    assertThat(CommercePredicates.ownHost("ops.harborlinegoods.com", List.of("harborline-goods")))
        .isTrue();
    assertThat(CommercePredicates.ownHost("hooks.harborline.io", List.of("harborline-goods")))
        .isTrue();
    assertThat(
            CommercePredicates.ownHost("ingest.orderlytics-sync.io", List.of("harborline-goods")))
        .isFalse();
    assertThat(CommercePredicates.ownHost("relay.example.net", List.of())).isFalse();
    assertThat(CommerceWrites.domain("ops.acme.com")).isEqualTo("acme.com");
    assertThat(CommerceWrites.domain("localhost")).isEqualTo("localhost");
  }

  @Test
  void oneCustomerMailedIsAChangeToAskAboutAndAListMailedIsDenied() {
    String one =
        "shopify store execute -s acme-outfitters.myshopify.com --allow-mutations -q 'mutation {"
            + " customerSendAccountInviteEmail(customerId: \"gid://shopify/Customer/1\") { customer"
            + " { id } } }'";
    assertThat(shell(one).ruleId()).isEqualTo("commerce.live-store-changed");
    assertThat(shell("jq -r '.[].id' c.json | xargs -I{} " + one).ruleId())
        .isEqualTo("commerce.customers-mailed");
  }

  @Test
  void aWholeDiscountWithAUsageLimitIsAskedAndWithoutOneDenied() {
    String code =
        "shopify store execute -s acme-outfitters.myshopify.com --allow-mutations -q 'mutation {"
            + " discountCodeBasicCreate(basicCodeDiscount: {code: \"X\", %s customerGets: {value:"
            + " {percentage: 1.0}, items: {all: true}}}) { codeDiscountNode { id } } }'";
    assertThat(shell(String.format(code, "")).ruleId()).isEqualTo("commerce.free-discount");
    assertThat(shell(String.format(code, "usageLimit: 1,")).ruleId())
        .isEqualTo("commerce.money-settings");
    String partial = String.format(code, "").replace("percentage: 1.0", "percentage: 0.15");
    assertThat(shell(partial).ruleId()).isEqualTo("commerce.money-settings");
  }

  @Test
  void theSameCallOnADevelopmentStoreOrAStagingAliasIsAllowed() {
    assertThat(
            shell(
                    "shopify store execute -s acme-dev.myshopify.com --allow-mutations -q 'mutation {"
                        + " customerMerge(customerOneId: \"1\", customerTwoId: \"2\") {"
                        + " resultingCustomerId } }'")
                .ruleId())
        .isNull();
    assertThat(
            shell(
                    "wp @staging wc shop_coupon create --code=QA --discount_type=percent --amount=100")
                .ruleId())
        .isNull();
  }

  @Test
  void postageIsAskedAboutOnlyWhenBoughtInBulkWithALiveKey() {
    String bulk =
        "python -c \"import os, easypost; c = easypost.EasyPostClient(os.environ['EASYPOST_%s_API_KEY']);"
            + " [c.shipment.buy(s.id, rate=s.lowest_rate()) for s in c.shipment.all().shipments]\"";
    // Inline code's call on a client asks already (verbs.code-act); the test key is no act at all.
    assertThat(shell(String.format(bulk, "PROD")).outcome().name()).isEqualTo("ASK");
    assertThat(shell(String.format(bulk, "TEST")).outcome().name()).isEqualTo("ALLOW");
  }
}
