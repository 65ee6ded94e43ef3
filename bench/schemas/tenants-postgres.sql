CREATE TABLE public.companies (id bigserial PRIMARY KEY, name text NOT NULL, image_url text, created_at timestamp without time zone NOT NULL, updated_at timestamp without time zone NOT NULL);
CREATE TABLE public.campaigns (
  id bigserial, company_id bigint NOT NULL REFERENCES public.companies (id), name text NOT NULL, cost_model text NOT NULL,
  state text NOT NULL, monthly_budget bigint, blacklisted_site_urls text[], created_at timestamp without time zone NOT NULL, updated_at timestamp without time zone NOT NULL,
  PRIMARY KEY (company_id, id)
);
CREATE TABLE public.ads (
  id bigserial, company_id bigint NOT NULL, campaign_id bigint NOT NULL, name text NOT NULL, image_url text, target_url text,
  impressions_count bigint DEFAULT 0, clicks_count bigint DEFAULT 0, created_at timestamp without time zone NOT NULL, updated_at timestamp without time zone NOT NULL,
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, campaign_id) REFERENCES public.campaigns (company_id, id)
);
CREATE TABLE public.clicks (
  id bigserial, company_id bigint NOT NULL, ad_id bigint NOT NULL, clicked_at timestamp without time zone NOT NULL, site_url text NOT NULL,
  cost_per_click_usd numeric(20,10), user_ip inet NOT NULL, user_data jsonb NOT NULL,
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, ad_id) REFERENCES public.ads (company_id, id)
);
CREATE TABLE public.impressions (
  id bigserial, company_id bigint NOT NULL, ad_id bigint NOT NULL, seen_at timestamp without time zone NOT NULL, site_url text NOT NULL,
  cost_per_impression_usd numeric(20,10), user_ip inet NOT NULL, user_data jsonb NOT NULL,
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, ad_id) REFERENCES public.ads (company_id, id)
);
