import { VueQueryPlugin } from "@tanstack/vue-query";
import { createApp } from "vue";
import App from "./App.vue";
import { startMockBackend } from "./mock-backend";

void startMockBackend().then(() => createApp(App).use(VueQueryPlugin).mount("#app"));
